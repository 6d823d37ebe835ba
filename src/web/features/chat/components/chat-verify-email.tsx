import { VerifyEmailCard } from "../../../components/verify-email-card";

export const CHAT_VERIFY_MESSAGE = "Please verify your email to use the chat. Check your inbox for the verification link.";

/** Shown instead of the chat while the user's e-mail is not verified (the server refuses chat too). */
export function ChatVerifyEmail({ email }: { email: string }) {
  return (
    <div className="flex h-full items-center justify-center p-4">
      <VerifyEmailCard id="chat-verify-title" title="Verify your e-mail to chat" message={CHAT_VERIFY_MESSAGE} email={email} level="h1" className="w-full max-w-md" />
    </div>
  );
}
