import { Navigate, Outlet, useLocation, useParams } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { DemoMarketBanner } from "../../components/layout/demo-market-banner";
import { SkipLink } from "../../components/layout/skip-link";
import { useBrand } from "../../config/public-config";
import { AuthProvider, useAuth } from "../../lib/auth-context";
import { ChatHeader } from "../../features/chat/components/chat-header";
import { ChatVerifyEmail } from "../../features/chat/components/chat-verify-email";
import { ChatView } from "../../features/chat/components/chat-view";
import { paths } from "../../../contracts/paths";

/** /ask's own frame: the compact chat header and a full-height page, behind sign-in and verification. */
function AskShell() {
  const brand = useBrand();
  const { user, isPending } = useAuth();
  const location = useLocation();

  let content;
  if (isPending) content = <PageSpinner label="Checking your session…" />;
  else if (!user) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={paths.signIn(back)} replace state={{ from: back }} />;
  } else if (!user.emailVerified) content = <ChatVerifyEmail email={user.email} />;
  else content = <Outlet />;

  return (
    <div className="flex h-dvh flex-col bg-canvas">
      <SkipLink />
      <ChatHeader brand={brand} />
      <DemoMarketBanner />
      <main id="main-content" tabIndex={-1} className="min-h-0 flex-1 focus:outline-none">
        {content}
      </main>
    </div>
  );
}

/** The chat site: its own layout, outside the main site's header, drawer and footer. */
export function AskLayout() {
  return (
    <AuthProvider>
      <AskShell />
    </AuthProvider>
  );
}

/** /ask and /ask/:conversationId: the URL names the open conversation, so a reload keeps it. */
export function AskPage() {
  const { conversationId } = useParams();
  const brand = useBrand();
  return <ChatView conversationId={conversationId} brand={brand} />;
}
