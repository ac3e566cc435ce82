export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
