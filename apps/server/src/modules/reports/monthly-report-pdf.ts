/**
 * Lays out an organisation's monthly report as a PDF (PDFKit, DejaVu Sans embedded so any name
 * prints): a summary, then incidents, alerts, closures and assets with their charts as vector
 * graphics; the organisation's name, the period and the generation time on every page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  formatDuration,
  formatShare,
  isMonthToDate,
  UPTIME_BANDS,
  type MonthlyReportFigures,
  type ReportWindow,
} from '@flare/core/reports/monthly-figures';
import { countOf } from '@flare/core/text';
import { monthTitle } from '@flare/core/reports/report-period';
import { formatDate, formatZonedDateTime } from '@flare/core/time/zoned-time';
import { chartSvg, type ChartData } from './report-charts';

export interface MonthlyReportDocument {
  organizationName: string;
  /** What the organisation calls its events: "Incidents" or "Events". */
  eventsLabel: 'Incidents' | 'Events';
  window: ReportWindow;
  generatedAt: number;
  figures: MonthlyReportFigures;
}

const require = createRequire(import.meta.url);
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};
const REGULAR = 'DejaVu Sans';
const BOLD = 'DejaVu Sans-Bold';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
/** The body runs between the header band and the footer. */
const BODY_TOP = 96;
const BODY_BOTTOM = PAGE.height - 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const CHART_HEIGHT = 190;
const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#cccccc', tile: '#f1f3f5', accent: '#1c5fa8' };

/** "November 2026" or "November 2026 to date". */
export function periodTitle(window: ReportWindow): string {
  return `${monthTitle(window.period)}${isMonthToDate(window) ? ' to date' : ''}`;
}

/** "Nov 1, 2026 – Nov 30, 2026", or up to the build time for a month to date. */
function periodRange(window: ReportWindow): string {
  const { timeZone, start } = window.period;
  const last = isMonthToDate(window)
    ? formatZonedDateTime(window.until, timeZone)
    : formatDate(window.until - 1, timeZone);
  return `${formatDate(start, timeZone)} – ${last} (${timeZone})`;
}

export async function renderMonthlyReportPdf(report: MonthlyReportDocument): Promise<Buffer> {
  const title = `${report.organizationName}: monthly report, ${periodTitle(report.window)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: BODY_TOP, bottom: PAGE.height - BODY_BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: 'Flare', Creator: 'Flare', CreationDate: new Date(report.generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, FONTS.regular);
  doc.registerFont(BOLD, FONTS.bold);

  new ReportLayout(doc, report).draw();
  stampEveryPage(doc, report);
  doc.end();
  return finished;
}

class ReportLayout {
  private y = BODY_TOP;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly report: MonthlyReportDocument,
  ) {}

  draw(): void {
    const { figures, eventsLabel } = this.report;
    this.doc
      .font(BOLD)
      .fontSize(18)
      .fillColor(COLOURS.text)
      .text(`Monthly report: ${periodTitle(this.report.window)}`, MARGIN, this.y);
    this.y = this.doc.y + 4;
    this.line(this.report.organizationName, COLOURS.muted);
    this.y += 10;
    this.summary([
      [eventsLabel, String(figures.incidents.count)],
      ['R2R alerts', String(figures.alerts.r2rCount)],
      ['Closures active', String(figures.closures.count)],
      ['Assets reporting', `${figures.assets.reporting} of ${figures.assets.total}`],
    ]);

    this.heading(eventsLabel);
    this.figure(eventsLabel, String(figures.incidents.count));
    this.figure(
      'Average duration',
      figures.incidents.averageDurationMs === null
        ? 'none ended'
        : `${formatDuration(figures.incidents.averageDurationMs)} (${figures.incidents.ended} ended)`,
    );
    this.figure(
      'Average time-to-scene',
      figures.incidents.averageTimeToSceneMs === null
        ? 'no timed arrivals'
        : `${formatDuration(figures.incidents.averageTimeToSceneMs)} (${countOf(figures.incidents.timedArrivals, 'arrival')})`,
    );
    this.chart(`${eventsLabel} by day`, {
      kind: 'bar',
      categories: dayLabels(figures.incidents.byDay),
      values: figures.incidents.byDay,
      xName: 'Day of the month',
      yName: eventsLabel,
      color: COLOURS.accent,
    });

    this.heading('Alerts');
    this.figure('R2R alerts', String(figures.alerts.r2rCount));
    this.figure(
      'Lights-on time',
      `${formatDuration(figures.alerts.lightsOnMs)} across ${countOf(figures.alerts.assetsWithLightsOn, 'asset')}`,
    );
    this.chart('R2R alerts by day', {
      kind: 'line',
      categories: dayLabels(figures.alerts.r2rByDay),
      values: figures.alerts.r2rByDay,
      xName: 'Day of the month',
      yName: 'R2R alerts',
      color: '#b4461b',
    });

    this.heading('Motorist alerts');
    this.figure("Delivered to partners' streams", String(figures.motoristAlerts.streams));
    this.figure('Vehicles warned', String(figures.motoristAlerts.vehicles));
    this.chart('Motorist alerts delivered by day', {
      kind: 'bar',
      categories: dayLabels(figures.motoristAlerts.byDay),
      values: figures.motoristAlerts.byDay,
      xName: 'Day of the month',
      yName: 'Deliveries',
      color: '#c92a2a',
    });

    this.heading('Closures');
    this.figure('Closures active', String(figures.closures.count));
    this.figure('Hours active', `${figures.closures.activeHours.toFixed(1)} h`);
    this.figure('Published to WZDx', String(figures.closures.published));
    this.note('Hours count each closure’s latest active period within the month.');

    this.heading('Assets');
    this.figure('Assets', String(figures.assets.total));
    this.figure('Reporting', String(figures.assets.reporting));
    this.figure(
      'Average uptime',
      figures.assets.averageUptime === null ? 'no assets' : formatShare(figures.assets.averageUptime),
    );
    this.figure(
      'Offline (no report this month)',
      figures.assets.offline.length === 0 ? 'none' : figures.assets.offline.join(', '),
    );
    this.note(
      `Uptime: the share of five-minute slots in which the asset reported over ${periodRange(this.report.window)}, or, for an asset added later, from when it was added (the date beside its name).`,
    );
    this.chart('Assets by uptime', {
      kind: 'bar',
      categories: [...UPTIME_BANDS],
      values: figures.assets.byUptimeBand,
      xName: 'Uptime',
      yName: 'Assets',
      color: '#2f7d32',
    });
    this.uptimeTable();
  }

  private room(height: number): void {
    if (this.y + height <= BODY_BOTTOM) return;
    this.doc.addPage();
    this.y = BODY_TOP;
  }

  private line(text: string, color = COLOURS.text, size = 11): void {
    this.doc
      .font(REGULAR)
      .fontSize(size)
      .fillColor(color)
      .text(text, MARGIN, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y;
  }

  private heading(text: string): void {
    this.room(60);
    this.y += 14;
    this.doc.font(BOLD).fontSize(14).fillColor(COLOURS.text).text(text, MARGIN, this.y);
    this.y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + CONTENT_WIDTH, this.y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    this.y += 6;
  }

  private figure(label: string, value: string): void {
    this.room(16);
    this.line(`${label}: ${value}`, COLOURS.text, 10.5);
    this.y += 2;
  }

  private note(text: string): void {
    this.room(14);
    this.line(text, COLOURS.muted, 8.5);
    this.y += 2;
  }

  private summary(tiles: Array<[string, string]>): void {
    const gap = 10;
    const width = (CONTENT_WIDTH - gap * (tiles.length - 1)) / tiles.length;
    tiles.forEach(([label, value], i) => {
      const x = MARGIN + i * (width + gap);
      this.doc.roundedRect(x, this.y, width, 52, 4).fillColor(COLOURS.tile).fill();
      this.doc
        .font(REGULAR)
        .fontSize(8.5)
        .fillColor(COLOURS.muted)
        .text(label, x + 8, this.y + 8, { width: width - 16 });
      this.doc
        .font(BOLD)
        .fontSize(16)
        .fillColor(COLOURS.text)
        .text(value, x + 8, this.y + 24, { width: width - 16 });
    });
    this.y += 52;
  }

  private chart(caption: string, data: Omit<ChartData, 'width' | 'height'>): void {
    this.room(CHART_HEIGHT + 24);
    this.y += 6;
    this.doc.font(BOLD).fontSize(9.5).fillColor(COLOURS.text).text(caption, MARGIN, this.y);
    this.y = this.doc.y + 2;
    const svg = chartSvg({ ...data, width: CONTENT_WIDTH, height: CHART_HEIGHT });
    SVGtoPDF(this.doc, svg, MARGIN, this.y, {
      width: CONTENT_WIDTH,
      height: CHART_HEIGHT,
      assumePt: true,
      fontCallback: (_family, bold) => (bold ? BOLD : REGULAR),
    });
    this.y += CHART_HEIGHT + 4;
  }

  /** Every asset's uptime, the least reporting first, the header repeated on each page. */
  private uptimeTable(): void {
    const { timeZone } = this.report.window.period;
    const columns = [
      { title: 'Asset', x: MARGIN, width: 260 },
      { title: 'Uptime', x: MARGIN + 270, width: 70 },
      { title: 'Last report', x: MARGIN + 350, width: CONTENT_WIDTH - 350 },
    ];
    const row = (cells: string[], font: string) => {
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        this.doc
          .font(font)
          .fontSize(9)
          .fillColor(COLOURS.text)
          .text(cell, column.x, this.y, { width: column.width, lineBreak: false, ellipsis: true });
      });
      this.y += 14;
    };
    const header = () =>
      row(
        columns.map((c) => c.title),
        BOLD,
      );
    this.room(40);
    this.y += 10;
    header();
    for (const asset of this.report.figures.assets.uptime) {
      if (this.y + 14 > BODY_BOTTOM) {
        this.doc.addPage();
        this.y = BODY_TOP;
        header();
      }
      row(
        [
          asset.countedFrom > this.report.window.period.start
            ? `${asset.name} (added ${formatDate(asset.countedFrom, timeZone)})`
            : asset.name,
          formatShare(asset.uptime),
          asset.lastReportAt === null ? '—' : formatZonedDateTime(asset.lastReportAt, timeZone),
        ],
        REGULAR,
      );
    }
  }
}

/** The organisation, the period and the generation time at the top of every page; the page number below. */
function stampEveryPage(doc: PDFKit.PDFDocument, report: MonthlyReportDocument): void {
  const { start, count } = doc.bufferedPageRange();
  const generated = `Generated ${formatZonedDateTime(report.generatedAt, report.window.period.timeZone)}`;
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Writing in the margins must not start new pages.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(report.organizationName, MARGIN, 32, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(`${periodTitle(report.window)} · ${periodRange(report.window)}`, MARGIN, 47, {
        width: CONTENT_WIDTH,
        lineBreak: false,
      })
      .text(generated, MARGIN, 59, { width: CONTENT_WIDTH, lineBreak: false });
    doc
      .moveTo(MARGIN, 74)
      .lineTo(MARGIN + CONTENT_WIDTH, 74)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(COLOURS.muted)
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, PAGE.height - 36, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins = margins;
  }
}

const dayLabels = (values: number[]) => values.map((_, i) => String(i + 1));
