import type { TLoginResponse } from '@proxy/contract';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { peekPendingBuy } from '@/lib/pending-buy';
import { startSession } from '@/lib/session';

/**
 * After a login (password or Google): store tokens and userInfo (which the signed-in pages read as
 * the fresh user, lib/auth.ts), then open the dashboard (with a purchase chosen on the home page,
 * if any).
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  return (response: TLoginResponse) => {
    startSession(response.tokens, response.user);
    void navigate(peekPendingBuy() ?? paths.app.dashboard.getHref(), { replace: true });
  };
}
