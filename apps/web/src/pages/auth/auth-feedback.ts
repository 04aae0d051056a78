/** How a form tells the auth page what to show in its error and verification boxes. */
export interface AuthFeedbackHandlers {
  /** A new attempt: the previous error goes away. */
  onStart: () => void;
  /** Shows the message in the error box; null clears it. */
  onError: (message: string | null) => void;
  /** A verification email went to this address: the green box shows. */
  onVerificationSent: (email: string) => void;
}

export interface AuthFeedback {
  error: string | null;
  /** The address the last verification email went to. */
  sentTo: string | null;
}

export const NO_FEEDBACK: AuthFeedback = { error: null, sentTo: null };
