import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * A column of an admin table: its heading and what each row shows in it. The heading is words, as
 * it also labels each cell when a phone shows the rows as cards.
 */
export type AdminColumn<Row> = { header: string; cell: (row: Row) => ReactNode };

type TableProps<Row extends { id: number }> = {
  /** Read by screen readers only: what the table lists. */
  caption: string;
  rows: Row[];
  /** The first column names the row (a row header), so it usually links to the row's page. */
  columns: AdminColumn<Row>[];
  /** Attributes a row carries for the tests and scripts that find it (`data-sku`, `data-code`). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  className?: string;
};

/**
 * The admin site's one table markup: a hidden caption, a header per row. On a phone each row is a
 * card (admin.css, `admin-table--cards`): the row header as its title, each cell under its column's
 * name, so no column is off-screen. Wider, a scrolling wrapper holds a table too wide for its box.
 */
export function AdminTable<Row extends { id: number }>({
  caption,
  rows,
  columns,
  rowData,
  className,
}: TableProps<Row>) {
  const [rowHeader, ...cells] = columns;
  return (
    <div className="admin-table-wrap">
      <table className={`admin-table admin-table--cards${className ? ` ${className}` : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the page's life.
              <th scope="col" key={index}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} {...rowData?.(row)}>
              <th scope="row">{rowHeader?.cell(row)}</th>
              {cells.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the page's life.
                <td key={index} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SearchListProps<Row extends { id: number }> = TableProps<Row> & {
  /** The search box above the list (a GET form, so a search is a link); none for a plain list. */
  search?: { id: string; label: string; q: string; placeholder?: string };
  /** Said instead of the table when nothing matches. */
  empty: string;
};

/** A searchable (or plain) admin list: the search form, then the matches or a line saying there are none. */
export function AdminSearchList<Row extends { id: number }>({
  search,
  empty,
  ...table
}: SearchListProps<Row>) {
  return (
    <>
      {search ? (
        <Form method="get" role="search" className="admin-inline-form">
          <label htmlFor={search.id}>{search.label}</label>
          <input
            id={search.id}
            type="search"
            name="q"
            defaultValue={search.q}
            placeholder={search.placeholder}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </Form>
      ) : null}
      {table.rows.length === 0 ? <p>{empty}</p> : <AdminTable {...table} />}
    </>
  );
}
