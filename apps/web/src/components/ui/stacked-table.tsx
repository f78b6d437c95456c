/**
 * A table that fits its panel: wider than 600 px a plain table; narrower (the 400 px drawer on a
 * desktop, a phone) each row stacks into "label value" lines instead of scrolling sideways. Each
 * cell names its column with `label`; a cell without one (a row's actions) takes a line of its own.
 */
import { Table, type TableProps, type TableTdProps } from '@mantine/core';
import classes from './stacked-table.module.css';

export function StackedTable({ className, ...props }: TableProps) {
  return (
    <div className={classes.fit}>
      <Table {...props} className={[classes.table, className].filter(Boolean).join(' ')} />
    </div>
  );
}

export function Cell({ label, ...props }: TableTdProps & { label?: string }) {
  return <Table.Td data-label={label} {...props} />;
}
