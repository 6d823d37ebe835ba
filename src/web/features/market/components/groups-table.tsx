import { Link } from "react-router";
import type { MarketGroup } from "../../../../contracts/market";
import { paths } from "../../../../contracts/paths";

/** The screener filtered to one group (its query names the group's kind). */
function screenerHref(group: MarketGroup): string {
  return paths.screener(group.kind === "sector" ? { sector: group.name } : { industry: group.name });
}

function Change({ value, period }: { value: number | null; period: string }) {
  if (value === null) return <Marked shown="–" said={`No ranking ${period} ago`} className="text-muted" />;
  if (value === 0) return <Marked shown="0" said={`Unchanged over ${period}`} className="text-muted" />;
  const places = Math.abs(value);
  const up = value > 0;
  return <Marked shown={`${up ? "▲" : "▼"}${places}`} said={`${up ? "Up" : "Down"} ${places} ${places === 1 ? "place" : "places"} in ${period}`} className={up ? "text-success-700" : "text-danger-700"} />;
}

/** A compact mark on screen, and the words a screen reader says instead. */
function Marked({ shown, said, className }: { shown: string; said: string; className: string }) {
  return (
    <>
      <span aria-hidden="true" className={className}>
        {shown}
      </span>
      <span className="sr-only">{said}</span>
    </>
  );
}

/** One kind of group (sectors or industries) ranked by the average RS rating of its stocks. */
export function GroupsTable({ title, groups, testId }: { title: string; groups: MarketGroup[]; testId: string }) {
  const id = `${testId}-title`;
  return (
    <section aria-labelledby={id} data-testid={testId} className="min-w-0 space-y-2">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-muted">No group has a rated stock yet.</p>
      ) : (
        <div className="max-h-[28rem] overflow-y-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title} ranked by the average RS rating of their stocks, with the change in rank over 1 and 4 weeks</caption>
            <thead className="sticky top-0 bg-canvas">
              <tr>
                <th scope="col" className="px-3 py-2 text-right font-medium">Rank</th>
                <th scope="col" className="px-3 py-2 font-medium">Group</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Avg RS</th>
                <th scope="col" className="px-3 py-2 text-right font-medium max-sm:hidden">Stocks</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">1w</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">4w</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.name} className="border-t border-line">
                  <td className="px-3 py-1.5 text-right tabular-nums">{group.rank}</td>
                  <td className="px-3 py-1.5">
                    <Link to={screenerHref(group)} className="text-brand-700 underline-offset-2 hover:underline">
                      {group.name}
                    </Link>
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{group.rs.toFixed(1)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums max-sm:hidden">{group.stocks}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    <Change value={group.rank_change_1w} period="1 week" />
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    <Change value={group.rank_change_4w} period="4 weeks" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
