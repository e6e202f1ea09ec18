import { formatWon, type FeeRow } from "../../content/promotions";

/**
 * Fees of a program as a two-column table (fits a 360 px screen): the period with what it
 * covers, and the price in won. A discounted row shows the undiscounted price struck through,
 * with "정가" and "할인가" spelled out for screen readers.
 */
export function FeeTable({ caption, rows }: { caption: string; rows: readonly FeeRow[] }) {
  return (
    <div className="fee-table__scroll">
      <table className="fee-table">
        <caption className="fee-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">수강 기간</th>
            <th scope="col" className="fee-table__amount">
              수강료
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">
                {row.label}
                <span className="fee-table__sub">{row.detail}</span>
              </th>
              <td className="fee-table__amount">
                {row.listWon > row.totalWon ? (
                  <>
                    <del className="fee-table__list">
                      <span className="visually-hidden">정가 </span>
                      {formatWon(row.listWon)}
                    </del>{" "}
                    <strong>
                      <span className="visually-hidden">할인가 </span>
                      {formatWon(row.totalWon)}
                    </strong>
                  </>
                ) : (
                  <strong>{formatWon(row.totalWon)}</strong>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
