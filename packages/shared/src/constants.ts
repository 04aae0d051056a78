/** Business constants and limits of docs/product.md §9, shared by server and browser. */
export const PASSWORD_MIN_LENGTH = 8;
export const MESSAGE_SUBJECT_MAX = 100;
export const MESSAGE_BODY_MAX = 500;
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_TOP = 3;
export const REFERRAL_SUFFIX_MIN = 100;
export const REFERRAL_SUFFIX_MAX = 999;
export const REFERRAL_REWARD_DOLLARS = 500;
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_EDIT_MAX_IMAGES = 16;

export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;
export const TOKEN_EXPIRY_MARGIN_SECONDS = 30;
/** How long a rotated refresh token may be replayed (a racing tab) before reuse counts as theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export const PARENT_TOKEN_WAIT_MS = 100;
export const WAIT_FOR_USER_TIMEOUT_MS = 5000;
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 25_000;

export const COPY_CONFIRMATION_MS = 2000;
export const CONTACT_DIALOG_CLOSE_MS = 2000;
export const SAVE_BANNER_MS = 3000;

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 3000;
export const ANALYTICS_STRING_MAX = 256;
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60 * 1000;

/**
 * Writes that notify someone, per sender and minute, counted in rows (a 30-row array is 30).
 * The server's defaults; MESSAGE_RATE_LIMIT_PER_MINUTE and APPLICATION_RATE_LIMIT_PER_MINUTE
 * change them.
 */
export const MESSAGE_ROWS_PER_MINUTE = 30;
export const APPLICATION_ROWS_PER_MINUTE = 10;
/**
 * Emails one sender may cause one recipient within a burst window; later messages or
 * applications of that burst wait in the app (inbox, dashboard) without an email.
 */
export const EMAILS_PER_SENDER_BURST = 3;
export const EMAIL_BURST_WINDOW_MS = 10 * 60 * 1000;

/** The table API's cap on rows one read or admin statement returns, whatever limit is asked. */
export const TABLE_API_MAX_ROWS = 1000;
/** The table API's response header carrying the keyset cursor of the next page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
