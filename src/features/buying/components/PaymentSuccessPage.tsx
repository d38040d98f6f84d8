import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function PaymentSuccessPage() {
  return <SignInUnavailablePage title="Payment" purpose="After checkout, this page confirms your payment went through." />;
}
