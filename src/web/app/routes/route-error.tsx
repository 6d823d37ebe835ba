import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { paths } from "../../../contracts/paths";

/** Shown when a page crashes: a calm sentence instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-muted">
        {notFound ? "The page you are looking for does not exist." : "This page failed to load. Please reload it or try again later."}
      </p>
      <Link to={paths.home()} className={buttonClasses({ className: "mt-8" })} reloadDocument>
        Go to the home page
      </Link>
    </div>
  );
}
