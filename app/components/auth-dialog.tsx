/**
 * The Log In and Sign Up dialogs that the profile menu opens over the current
 * page (with JavaScript; without it the menu links to the /login and /signup
 * pages). Loaded when the menu first asks for one (account-controls.tsx), not
 * with every page.
 *
 *   <AuthDialog which="login" here="/services" query="?redirectTo=%2Fservices"
 *     onClose={close} onSwitch={setModal} />
 */
import { LoginForm } from './login-form'
import { ModalDialog } from './modal-dialog'
import { SignupForm } from './signup-form'

export type AuthDialogKind = 'login' | 'signup'

export function AuthDialog({
  which,
  here,
  query,
  onClose,
  onSwitch,
}: {
  which: AuthDialogKind
  /** The page under the dialog: where a successful login or signup comes back to. */
  here: string
  /** `?redirectTo=…` for the pages the dialog stands for ('' on the landing page). */
  query: string
  onClose: () => void
  onSwitch: (which: AuthDialogKind) => void
}) {
  return which === 'login' ? (
    <ModalDialog
      title="Log In"
      description="Welcome back! Your pets missed you."
      closeTo={`/login${query}`}
      onClose={onClose}
    >
      <LoginForm redirectTo={here} onSwitchToSignup={() => onSwitch('signup')} />
    </ModalDialog>
  ) : (
    <ModalDialog
      title="Sign Up"
      description="Create an account to book stays for your pets."
      closeTo={`/signup${query}`}
      onClose={onClose}
      wide
    >
      <SignupForm redirectTo={here} onSwitchToLogin={() => onSwitch('login')} />
    </ModalDialog>
  )
}
