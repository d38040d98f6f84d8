import { FeatureNotBuiltPage } from '../../../components/ui/FeatureNotBuiltPage.tsx';

export default function PaymentSuccessPage() {
  return <FeatureNotBuiltPage title="Payment" purpose="After checkout, this page confirms your payment went through." />;
}
