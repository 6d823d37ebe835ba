// A real OpenID Connect provider (npm oidc-provider) standing in for Google in the end-to-end tests.
// Its development login screen accepts any login; the login becomes the account's e-mail.
import Provider from "oidc-provider";
import { APP_URL, OIDC_CLIENT, OIDC_ISSUER, OIDC_PORT } from "./ports";

const provider = new Provider(OIDC_ISSUER, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${APP_URL}/api/auth/oauth2/callback/google`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
  cookies: { keys: ["quanta-e2e-oidc-cookie-key"] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    const email = id.includes("@") ? id.toLowerCase() : `${id.toLowerCase()}@example.com`;
    return {
      accountId: id,
      async claims() {
        return { sub: id, email, email_verified: true, name: email.split("@")[0] };
      },
    };
  },
});

provider.listen(OIDC_PORT, () => {
  process.stdout.write(`OIDC test provider on ${OIDC_ISSUER}\n`);
});
