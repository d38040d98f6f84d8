import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function ListMyReservationPage() {
  return (
    <SignInUnavailablePage
      title="List Your Stay"
      purpose="Import a hotel reservation you can no longer use, verify it is yours, and list it at your price."
    />
  );
}
