import { useState, type ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../ui/Button.tsx';
import './sample-data.css';

/**
 * docs/product.md#sample-data: a table shows 10 rows a page unless told otherwise (the showcase
 * shows 5).
 */
export const DEFAULT_TABLE_PAGE_SIZE = 10;

export interface DataTableColumn<Row> {
  id: string;
  title: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row for screen readers (exactly one). */
  isRowHeader?: boolean;
}

export interface DataTableProps<Row extends { id: string }> {
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  pageSize?: number;
}

/** The rows of one page (pages count from 1) and how many pages there are. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(page, 1), pageCount);
  return {
    page: current,
    pageCount,
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
  };
}

/** A paginated table (react-aria's grid semantics: arrow keys move between cells). */
export function DataTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  pageSize = DEFAULT_TABLE_PAGE_SIZE,
}: DataTableProps<Row>) {
  const [requested, setRequested] = useState(1);
  const { page, pageCount, rows: visible } = pageOf(rows, requested, pageSize);
  return (
    <div className="demo-table">
      <Table aria-label={label} className="demo-table__grid">
        <TableHeader columns={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.isRowHeader ?? false}>
              {column.title}
            </Column>
          )}
        </TableHeader>
        <TableBody items={visible}>
          {(row) => (
            <Row id={row.id} columns={columns}>
              {(column) => <Cell>{column.cell(row)}</Cell>}
            </Row>
          )}
        </TableBody>
      </Table>
      <nav className="demo-table__pages" aria-label={`Pages de « ${label} »`}>
        <Button variant="secondary" isDisabled={page <= 1} onPress={() => setRequested(page - 1)}>
          Précédent
        </Button>
        <p aria-live="polite">
          Page {page} sur {pageCount}
        </p>
        <Button
          variant="secondary"
          isDisabled={page >= pageCount}
          onPress={() => setRequested(page + 1)}
        >
          Suivant
        </Button>
      </nav>
    </div>
  );
}
