import { ZxcvbnFactory, type FeedbackType } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
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
 * - Strength: refused when zxcvbn-ts (language-common's dictionaries and keyboard layouts, the
 *   user's e-mail, its local part and name as user inputs) scores it below 3 of 4, i.e. it would
 *   fall to fewer than about 10^8 guesses: 'aaaaaaaa', 'abcdefgh' and 'Password123!' are refused,
 *   'correct horse 42' is fine. The message says why, from zxcvbn's feedback. Levenshtein matching
 *   is off: it multiplies the time of a check by 50 or more (100 to 250 ms each, measured here).
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
export const PASSWORD_TOO_WEAK_LEAD = "This password is too easy to guess.";

/** The lowest zxcvbn score (0 to 4) a password must reach. */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's warning keys (its default translations are the keys themselves), as sentences. */
const WARNING_SENTENCES: Readonly<Record<string, string>> = {
  straightRow: "Rows of keys on a keyboard are easy to guess.",
  keyPattern: "Short keyboard patterns are easy to guess.",
  simpleRepeat: "Repeated characters like 'aaa' are easy to guess.",
  extendedRepeat: "Repeated patterns like 'abcabcabc' are easy to guess.",
  sequences: "Sequences like 'abc' or '6543' are easy to guess.",
  recentYears: "Recent years are easy to guess.",
  dates: "Dates are easy to guess.",
  topTen: "This is one of the most used passwords.",
  topHundred: "This is one of the most used passwords.",
  common: "It is built on a commonly used password.",
  similarToCommon: "It is too similar to a commonly used password.",
  wordByItself: "A single word is easy to guess.",
  namesByThemselves: "Names and surnames on their own are easy to guess.",
  commonNames: "Common names and surnames are easy to guess.",
  userInputs: "It should not be built on your e-mail address or name.",
};

const SUGGESTION_SENTENCES: Readonly<Record<string, string>> = {
  anotherWord: "Please add another word or two.",
  useWords: "Please use a few words together, avoiding common phrases.",
  l33t: "Swapping letters for look-alike symbols ('@' for 'a') does not help much: please add another word.",
  reverseWords: "A word spelt backwards is still easy to guess: please add another word.",
  allUppercase: "Capitalise some letters, not all of them, or add another word.",
  capitalization: "A capital first letter does not help much: please add another word.",
  dates: "Please avoid dates and years connected with you.",
  recentYears: "Please avoid recent years.",
  associatedYears: "Please avoid years connected with you.",
  sequences: "Please avoid common sequences.",
  repeated: "Please avoid repeated words and characters.",
  longerKeyboardPattern: "Please use a few uncommon words instead of a keyboard pattern.",
};

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

let strengthChecker: ZxcvbnFactory | undefined;

/** Built on first use, once (about 100 ms: the dictionaries are ranked). */
function strengthCheckerInstance(): ZxcvbnFactory {
  strengthChecker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return strengthChecker;
}

/** Words of the owner's details that make a password easy to guess for someone who knows them. */
function ownerWords(owner: PasswordOwner): string[] {
  const email = normalise(owner.email);
  const local = email.includes("@") ? email.slice(0, email.lastIndexOf("@")) : email;
  const parts = [email, local, ...local.split(/[^\p{L}\p{N}]+/u), ...normalise(owner.name ?? "").split(/\s+/)];
  return [...new Set(parts.filter((part) => part.length >= 3))];
}

/** 'Why' and 'what to do' from zxcvbn's feedback, in Quanta's words. */
function weakPasswordMessage(feedback: FeedbackType): string {
  const warning = feedback.warning ? WARNING_SENTENCES[feedback.warning] : undefined;
  const specific = feedback.suggestions.find((key) => key !== "anotherWord" && SUGGESTION_SENTENCES[key]);
  const suggestion = SUGGESTION_SENTENCES[specific ?? "anotherWord"];
  return [PASSWORD_TOO_WEAK_LEAD, warning, suggestion].filter(Boolean).join(" ");
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
  const strength = strengthCheckerInstance().check(password, ownerWords(owner));
  if (strength.score < MIN_PASSWORD_SCORE) {
    return { code: "password_too_weak", message: weakPasswordMessage(strength.feedback) };
  }
  return null;
}
