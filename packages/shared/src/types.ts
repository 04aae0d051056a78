/** The account as `/api/auth/me` returns it. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  createdAt: string;
}

/** The token set of docs/product.md §3.3, as sign-in and refresh return it. */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_expires_in: number;
  issued_at: number;
}
