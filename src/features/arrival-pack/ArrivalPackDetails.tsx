import { type ArrivalPack, mapPinUrl } from './arrival-pack-contract.ts';

/**
 * A released arrival pack on the guest's booking: the address and map pin, the way from each airport,
 * the check-in steps, the caretaker's phone, the Wi-Fi and the house manual.
 */
export function ArrivalPackDetails({ pack, titleId }: { pack: ArrivalPack; titleId: string }) {
  return (
    <section className="arrival-pack" aria-labelledby={titleId}>
      <h4 id={titleId}>Your arrival pack</h4>
      <dl className="arrival-pack__facts">
        <div>
          <dt>Address</dt>
          <dd>
            <span className="arrival-pack__text">{pack.address}</span>{' '}
            <a href={mapPinUrl(pack)} rel="noopener noreferrer" target="_blank">
              Open the map pin<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>From Kochi airport (COK)</dt>
          <dd className="arrival-pack__text">{pack.directionsFromCok}</dd>
        </div>
        <div>
          <dt>From Thiruvananthapuram airport (TRV)</dt>
          <dd className="arrival-pack__text">{pack.directionsFromTrv}</dd>
        </div>
        <div>
          <dt>Checking in</dt>
          <dd className="arrival-pack__text">{pack.checkInSteps}</dd>
        </div>
        <div>
          <dt>Caretaker</dt>
          <dd>
            <a href={`tel:${pack.caretakerPhone.replace(/[^\d+]/g, '')}`}>{pack.caretakerPhone}</a>
          </dd>
        </div>
        <div>
          <dt>Wi-Fi</dt>
          <dd>
            {pack.wifiName}, password <code>{pack.wifiPassword}</code>
          </dd>
        </div>
        <div>
          <dt>House manual</dt>
          <dd className="arrival-pack__text">{pack.houseManual}</dd>
        </div>
      </dl>
    </section>
  );
}
