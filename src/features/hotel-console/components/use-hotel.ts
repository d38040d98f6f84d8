import { useOutletContext } from 'react-router-dom';
import type { HotelOverview } from '../../../../contract/hotels.ts';

/** The hotel a section of the console is about, as its layout loaded it. */
export const useHotel = () => useOutletContext<HotelOverview>();
