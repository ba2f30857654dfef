/** A rough strength meter for the register form: length and character classes (the server's rule decides). */
export function passwordStrength(password: string): { percent: number; label: string; color: string } {
  let score = 0;
  if (password.length >= 8) score += 1;
  if (password.length >= 12) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  if (score <= 2) return { percent: 33, label: '弱', color: '#ff4d4f' };
  if (score <= 3) return { percent: 66, label: '中', color: '#faad14' };
  return { percent: 100, label: '强', color: '#52c41a' };
}
