import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function BookingConfirmationPage() {
  return <SignInUnavailablePage title="Booking Confirmed" purpose="Once you buy a stay, its confirmation appears here." />;
}
