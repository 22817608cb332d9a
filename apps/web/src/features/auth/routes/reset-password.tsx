import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/** /auth/reset-password is the last step of the forgot-password flow, which starts over here. */
export function ResetPasswordRoute() {
  return <Navigate to={paths.auth.forgotPassword.getHref()} replace />;
}
