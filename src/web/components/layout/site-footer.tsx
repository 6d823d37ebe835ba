import { Link } from "react-router";
import { Logo } from "./logo";
import { paths } from "../../../contracts/paths";

const linkClass = "font-medium text-muted underline-offset-4 hover:text-ink hover:underline";

/** Only pages that exist: the footer's old Support, FAQ and Terms of Use led nowhere (decision 048). */
const CONTACT_HREF = `${paths.home()}#contact`;

export function SiteFooter({ brand }: { brand: string }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <Link to={paths.home()} className="inline-flex items-center gap-2 rounded-lg font-bold text-ink">
            <Logo size={22} />
            {brand}
          </Link>
          <p className="text-sm text-muted">Research, not investment advice. Markets carry risk.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to={paths.trackRecord()} className={linkClass}>
                Track record
              </Link>
            </li>
            <li>
              {/* A document link: the browser scrolls to the landing page's form, from any page. */}
              <a href={CONTACT_HREF} className={linkClass}>
                Contact us
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
