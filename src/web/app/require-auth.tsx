import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth-context";
import { returnAddressOf } from "../lib/return-address";
import { paths } from "../../contracts/paths";

/**
 * Guarded routes: wait for the first session check, then send signed-out visitors to /signin with
 * the page they wanted (path, query and hash) as the return address.
 */
export function RequireAuth() {
  const { user, isPending } = useAuth();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={paths.signIn(returnAddressOf(location))} replace />;
  return <Outlet />;
}
