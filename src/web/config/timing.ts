/** Delays the product promises (docs/product.md). */
export const SIGN_IN_REDIRECT_MS = 1500;
export const SIGN_UP_REDIRECT_MS = 3000;
export const GOOGLE_SIGN_UP_REDIRECT_MS = 1500;
export const PASSWORD_RESET_REDIRECT_MS = 2000;
export const EMAIL_VERIFIED_REDIRECT_MS = 1500;
export const HASH_SCROLL_DELAY_MS = 100;

/** While the daily screen runs (empty lists say 'Refreshing…'), its status is asked for this often. */
export const REFRESH_STATUS_POLL_MS = 5000;

/** Header switches to its scrolled look once the page has scrolled further than this. */
export const HEADER_SCROLL_THRESHOLD_PX = 8;

export const PASSWORD_MAX_LENGTH = 72;

/** The analysis loading message changes this often (docs/product.md). */
export const ANALYSIS_MESSAGE_INTERVAL_MS = 1500;
/** How long the history 'Undo' toast stays up after a removal. */
export const UNDO_TOAST_MS = 6000;

/** The contact form's status line disappears after this long (docs/product.md). */
export const CONTACT_STATUS_MS = 2000;
