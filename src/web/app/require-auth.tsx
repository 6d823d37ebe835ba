import { Navigate, Outlet } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth-context";
import { paths } from "../../contracts/paths";

/** Guarded routes: wait for the first session check, then send signed-out visitors to /signin. */
export function RequireAuth() {
  const { user, isPending } = useAuth();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={paths.signIn()} replace />;
  return <Outlet />;
}
