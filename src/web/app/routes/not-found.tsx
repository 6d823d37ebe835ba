import { Link } from "react-router";
import { useBrand } from "../../config/public-config";
import { usePageTitle } from "../../lib/use-page-title";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../../contracts/paths";

export function NotFoundPage() {
  usePageTitle("Page not found", useBrand());
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">Page not found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home()} className={buttonClasses({ className: "mt-8" })}>
        Go to the home page
      </Link>
    </div>
  );
}
