import { useState, type FormEvent } from "react";
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { passwordRuleMessage, type AuthErrorLike } from "../api/auth-error-messages";
import { PASSWORD_TOO_LONG_MESSAGE, isPasswordTooLong } from "../api/auth-schemas";
import { useAuthRequest } from "../components/use-auth-request";

export interface PasswordFormOptions<TValues extends FieldValues> {
  /** Validates the fields; its messages are the ones shown under them. */
  schema: z.ZodType<TValues, TValues>;
  defaultValues: DefaultValues<TValues>;
  /** The field that holds the (new) password: its live length check and the server's rules go there. */
  passwordField: Path<TValues>;
}

/**
 * The state every password form of the auth pages shares (sign in, sign up, new password): the
 * fields and their messages (validated as you type after the first submit, 'too long' at once), the
 * show-password toggle, the server's password rules shown under the password, the status line, and
 * the submit that keeps the form from being sent twice.
 */
export function usePasswordForm<TValues extends FieldValues>({
  schema,
  defaultValues,
  passwordField,
}: PasswordFormOptions<TValues>) {
  const { status, setStatus, done, fail, run } = useAuthRequest();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const form = useForm<TValues, unknown, TValues>({
    resolver: zodResolver(schema),
    defaultValues,
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, control, setError, getFieldState, formState } = form;
  const { isSubmitting } = formState;

  const fieldError = (name: Path<TValues>): string | undefined => getFieldState(name, formState).error?.message;
  const password: unknown = useWatch({ control, name: passwordField });
  const passwordError =
    fieldError(passwordField) ??
    (isPasswordTooLong(typeof password === "string" ? password : undefined) ? PASSWORD_TOO_LONG_MESSAGE : undefined);

  /** For `run`'s onError: the server's password rules (too common, contains the e-mail) go under the password. */
  const showPasswordRule = (error: AuthErrorLike): boolean => {
    const message = passwordRuleMessage(error);
    if (message) setError(passwordField, { type: "server", message }, { shouldFocus: true });
    return message !== undefined;
  };

  /** The form's onSubmit: validates, then runs `handler` with the parsed values. */
  const onSubmit = (handler: (values: TValues) => Promise<void>) => {
    const submit = handleSubmit(handler);
    return (event: FormEvent<HTMLFormElement>) => {
      void submit(event);
    };
  };

  return {
    register,
    fieldError,
    passwordError,
    /** One show/hide state for every password input of the form. */
    passwordVisibility: { visible: passwordVisible, onVisibleChange: setPasswordVisible },
    showPasswordRule,
    onSubmit,
    isSubmitting,
    /** True while sending and after a success (the redirect is on its way). */
    locked: isSubmitting || done,
    status,
    setStatus,
    fail,
    run,
  };
}
