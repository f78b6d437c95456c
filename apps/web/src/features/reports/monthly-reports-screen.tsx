/**
 * Data → Reports: the monthly PDF reports as a tree of years and months (the first year and month
 * open), each report opened in a new tab or downloaded through a short-lived link; with report
 * create or manage, building the current month to date, the list following until it is ready.
 */
import type { OrganizationSummary } from '@flare/core/schemas/organization';
import { Alert, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import { can } from '@flare/core/permissions/access';
import { monthOf, monthTitle, type YearMonth } from '@flare/core/reports/report-period';
import type { MonthlyReport } from '@flare/core/schemas/monthly-report';
import { ServerErrorLine } from '../../components/ui/form-layout';
import { LoadingIndicator } from '../../components/ui/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';
import { useNow } from '../../lib/use-now';
import { useBuildMonthlyReport } from './api/build-monthly-report';
import { getMonthlyReportLink } from './api/get-monthly-report-link';
import { useMonthlyReports } from './api/get-monthly-reports';
import {
  gatherEmptyYears,
  initiallyExpanded,
  monthKey,
  reportTree,
  yearKey,
  type ReportYearNode,
} from './report-tree';
import { Authorization } from '../../components/ui/authorization';

/** While a report is being built the list is asked again this often, for at most this long. */
const FOLLOW_MS = 2_000;
const FOLLOW_LIMIT_MS = 120_000;

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.unknownFailure);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function MonthlyReportsScreen() {
  // A signed-in user always works in an organisation (their own, or the one switched to).
  const organization = useSubscribedOrganization();
  return (
    <Authorization access="viewReports">
      {({ permissions }) =>
        organization && <MonthlyReports permissions={permissions} organization={organization} />
      }
    </Authorization>
  );
}

function MonthlyReports({
  permissions,
  organization,
}: {
  permissions: readonly string[];
  organization: OrganizationSummary;
}) {
  const reports = useMonthlyReports(organization.id);
  const build = useBuildMonthlyReport();
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [following, setFollowing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = monthOf(useNow(), organization.timezone);
  const tree = useMemo(() => reportTree(reports.data ?? [], current.year), [reports.data, current.year]);
  const initial = useMemo(() => initiallyExpanded(tree), [tree]);
  const open = expanded ?? initial;
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  const toggle = (key: string) => {
    const next = new Set(open);
    if (!next.delete(key)) next.add(key);
    setExpanded(next);
  };

  /** Asks for the list until the month has a new report (or for too long); then opens it in the tree. */
  const follow = async (month: YearMonth, previousFileId: string | null) => {
    const deadline = Date.now() + FOLLOW_LIMIT_MS;
    while (Date.now() < deadline) {
      await sleep(FOLLOW_MS);
      if (unmounted.current) return;
      const { data } = await reports.refetch();
      const built = data?.find(
        (r) =>
          r.organization_id === organization.id &&
          r.year === month.year &&
          r.month === month.month &&
          r.file_id !== previousFileId,
      );
      if (built) {
        setNotice(`The report for ${monthTitle(month)} to date is ready.`);
        setExpanded(
          (shown) => new Set([...(shown ?? open), yearKey(built.year), monthKey(built.year, built.month)]),
        );
        return;
      }
    }
  };

  const requestBuild = async () => {
    setError(null);
    setNotice(null);
    const previous = reports.data?.find(
      (r) => r.organization_id === organization.id && r.year === current.year && r.month === current.month,
    );
    try {
      const started = await build.mutateAsync(organization.id);
      setNotice(started.message);
      setFollowing(true);
      await follow(started, previous?.file_id ?? null);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      if (!unmounted.current) setFollowing(false);
    }
  };

  const openReport = async (report: MonthlyReport, download: boolean) => {
    setError(null);
    // A new tab opened at the click (later ones are blocked as pop-ups), sent to the PDF once linked.
    const tab = download ? null : window.open('', '_blank');
    try {
      const url = await getMonthlyReportLink(report.file_id, download);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else if (download) {
        const link = document.createElement('a');
        link.href = url;
        link.click();
      }
    } catch (failure) {
      tab?.close();
      setError(errorText(failure));
    }
  };

  return (
    <Stack p="md" gap="md" maw={760}>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          Reports
        </Title>
        {can(permissions, 'createReport') && (
          <Button onClick={() => void requestBuild()} loading={build.isPending || following}>
            Build {monthTitle(current)} to date
          </Button>
        )}
      </Group>
      <Text size="sm">
        Monthly reports, one PDF a month: incidents, alerts, closures and how well each asset reported, with
        charts. Each month&apos;s report is built shortly after the month ends ({organization.timezone} time).
      </Text>
      {notice && (
        <Alert color="blue" role="status" py="xs" c="dark.9">
          {notice}
        </Alert>
      )}
      <ServerErrorLine message={reports.error ? errorText(reports.error) : error} />
      {!reports.data ? (
        !reports.error && <LoadingIndicator label="Loading monthly reports" />
      ) : (
        <ReportTree tree={tree} open={open} onToggle={toggle} onOpen={(r, d) => void openReport(r, d)} />
      )}
    </Stack>
  );
}

function Disclosure({
  label,
  expanded,
  controls,
  onToggle,
}: {
  label: string;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <UnstyledButton aria-expanded={expanded} aria-controls={controls} onClick={onToggle} py={4}>
      <Group gap={6} wrap="nowrap">
        <Chevron size={16} aria-hidden="true" />
        <Text fw={600} size="sm">
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function ReportTree({
  tree,
  open,
  onToggle,
  onOpen,
}: {
  tree: ReportYearNode[];
  open: Set<string>;
  onToggle: (key: string) => void;
  onOpen: (report: MonthlyReport, download: boolean) => void;
}) {
  const list = { listStyle: 'none', margin: 0, paddingLeft: 0 } as const;
  const { shown, emptyYears } = gatherEmptyYears(tree);
  return (
    <section aria-label="Monthly reports by year">
      <ul style={list}>
        {shown.map((year) => (
          <li key={year.key}>
            <Disclosure
              label={String(year.year)}
              expanded={open.has(year.key)}
              controls={`reports-${year.key}`}
              onToggle={() => onToggle(year.key)}
            />
            {open.has(year.key) && (
              <ul id={`reports-${year.key}`} style={{ ...list, paddingLeft: 22 }}>
                {year.months.length === 0 && (
                  <li>
                    <Text size="sm" c="gray.7" py={4}>
                      No reports for {year.year}
                    </Text>
                  </li>
                )}
                {year.months.map((month) => (
                  <li key={month.key}>
                    <Disclosure
                      label={month.label}
                      expanded={open.has(month.key)}
                      controls={`reports-${month.key}`}
                      onToggle={() => onToggle(month.key)}
                    />
                    {open.has(month.key) && (
                      <ul id={`reports-${month.key}`} style={{ ...list, paddingLeft: 22 }}>
                        {month.reports.map((report) => (
                          <li key={report.file_id}>
                            <Group gap="xs" py={4} wrap="nowrap">
                              <Text size="sm" style={{ flex: 1 }}>
                                {report.organization_name}
                              </Text>
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                aria-label={`Open ${report.organization_name} ${monthTitle(report)}`}
                                onClick={() => onOpen(report, false)}
                              >
                                Open
                              </Button>
                              <Button
                                size="compact-sm"
                                variant="light"
                                aria-label={`Download ${report.organization_name} ${monthTitle(report)}`}
                                onClick={() => onOpen(report, true)}
                              >
                                Download
                              </Button>
                            </Group>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {emptyYears && (
        <Text size="sm" c="gray.7" py={4}>
          No reports for {emptyYears}
        </Text>
      )}
    </section>
  );
}
