import { createAuthClient } from "better-auth/react";
import { adminClient, jwtClient, oauthPopupClient } from "better-auth/client/plugins";

/** better-auth client for the server mounted at /api/auth on this origin. */
export const authClient = createAuthClient({
  ...(typeof window === "undefined" ? {} : { baseURL: window.location.origin }),
  plugins: [jwtClient(), adminClient(), oauthPopupClient()],
});

