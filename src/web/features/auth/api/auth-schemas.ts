import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../../../config/timing";

export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${String(PASSWORD_MAX_LENGTH)} characters.`;

const emailSchema = z
  .string()
  .trim()
  .min(1, "Please enter your e-mail address.")
  .pipe(z.email("Please enter a valid e-mail address."));

const passwordSchema = z
  .string()
  .min(1, "Please enter your password.")
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** Sign in and sign up share the rules of docs/product.md; further rules come from the server. */
export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.output<typeof credentialsSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(1, "Please enter a new password.")
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
    confirmPassword: z.string().min(1, "Please repeat the new password."),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/** The part of an e-mail address before the @, used as the account's display name. */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0]?.trim();
  return local || email;
}

/** True while typing when the value is already over the limit, so the message shows at once. */
export function isPasswordTooLong(value: string | undefined): boolean {
  return (value?.length ?? 0) > PASSWORD_MAX_LENGTH;
}
