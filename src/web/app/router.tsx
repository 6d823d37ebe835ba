import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAuth } from "./require-auth";
import { RootLayout } from "./root-layout";
import { AnalysesPage } from "./routes/analyses";
import { AnalyzePage } from "./routes/analyze";
import { ForgetPasswordPage } from "./routes/forget-password";
import { GiftPage } from "./routes/gift";
import { HomePage } from "./routes/home";
import { NotFoundPage } from "./routes/not-found";
import { ResetPasswordPage } from "./routes/reset-password";
import { RouteErrorPage } from "./routes/route-error";
import { SignInPage } from "./routes/sign-in";
import { SignUpPage } from "./routes/sign-up";
import { StockDetailPage } from "./routes/stock-detail";
import { UploadPage } from "./routes/upload";
import { VerifyEmailPage } from "./routes/verify-email";

/** Every page of the app (SPEC.md §2 plus the pages ARCHITECTURE.md adds). */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "gift", element: <GiftPage /> },
          { path: "signin", element: <SignInPage /> },
          { path: "signup", element: <SignUpPage /> },
          { path: "forgetpassword", element: <ForgetPasswordPage /> },
          { path: "verify-email", element: <VerifyEmailPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          { path: "stocks", element: <AnalyzePage /> },
          { path: "quanta", element: <AnalyzePage /> },
          { path: "analyze", element: <AnalyzePage /> },
          { path: "upload", element: <UploadPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: "stock/:ticker", element: <StockDetailPage /> },
              { path: "dashboard", element: <AnalysesPage /> },
              { path: "analyses/*", element: <AnalysesPage /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
