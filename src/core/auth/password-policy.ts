import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_RULE_MESSAGES, type PasswordProblemCode } from "./password-rules";

/**
 * The password rules Quanta adds to the length rules (8 to 72 characters) of the auth library.
 *
 * - Common passwords: the whole ranked `passwords` list of @zxcvbn-ts/language-common 4.x
 *   (49,233 entries, all lower case, from leaked-password corpora). A password is refused when,
 *   trimmed and lower-cased, it equals an entry. Only exact matches count: 'correct horse 42'
 *   is fine, 'password1' and 'qwertyuiop' are not.
 * - The user's e-mail: refused when the trimmed, lower-cased password equals the e-mail or its
 *   local part (before the last '@'), contains the whole e-mail, or contains the local part when
 *   that is at least 4 characters long. A '+tag' local part (ada.l+quanta) also counts without
 *   its tag (ada.l), under the same 4-character rule.
 * - The user's name: refused when it equals the name (ignoring case and spaces) of 4 or more
 *   characters.
 */

export interface PasswordProblem {
  code: PasswordProblemCode;
  message: string;
}

export interface PasswordOwner {
  email: string;
  name?: string | null | undefined;
}

export const PASSWORD_TOO_COMMON_MESSAGE = PASSWORD_RULE_MESSAGES.password_too_common;
export const PASSWORD_CONTAINS_EMAIL_MESSAGE = PASSWORD_RULE_MESSAGES.password_contains_email;
export const PASSWORD_IS_NAME_MESSAGE = PASSWORD_RULE_MESSAGES.password_is_name;

/** Local parts (and names) shorter than this only count when the password equals them. */
const MIN_CONTAINED_LENGTH = 4;

let commonPasswords: ReadonlySet<string> | undefined;

/** Built on first use, once: about 15 ms and a few MB, then an O(1) look-up per password. */
function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords;
}

/** How many entries the common-password list has (documented in the module comment). */
export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

function normalise(text: string): string {
  return text.normalize("NFKC").trim().toLowerCase();
}

function containsEmail(password: string, rawEmail: string): boolean {
  const email = normalise(rawEmail);
  if (!email) return false;
  if (password === email || password.includes(email)) return true;
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const untagged = local.split("+")[0] ?? local;
  return [local, untagged].some(
    (part) => part.length > 0 && (password === part || (part.length >= MIN_CONTAINED_LENGTH && password.includes(part))),
  );
}

function isName(password: string, rawName: string | null | undefined): boolean {
  if (!rawName) return false;
  const name = normalise(rawName).replace(/\s+/g, "");
  return name.length >= MIN_CONTAINED_LENGTH && password.replace(/\s+/g, "") === name;
}

/** null when the password is acceptable, else the first rule it breaks. */
export function passwordProblem(password: string, owner: PasswordOwner): PasswordProblem | null {
  const candidate = normalise(password);
  if (containsEmail(candidate, owner.email)) {
    return { code: "password_contains_email", message: PASSWORD_CONTAINS_EMAIL_MESSAGE };
  }
  if (isName(candidate, owner.name)) {
    return { code: "password_is_name", message: PASSWORD_IS_NAME_MESSAGE };
  }
  if (commonPasswordSet().has(candidate)) {
    return { code: "password_too_common", message: PASSWORD_TOO_COMMON_MESSAGE };
  }
  return null;
}
