/**
 * The ECB's daily reference rates file as the stand-in serves it: rates near the ECB's of late November 2025, in
 * the ECB's format byte for byte (tabs, single-quoted attributes), kept in code so every build and bundle has it.
 */
export const SHIPPED_EUROFXREF_DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2025-11-21'>
			<Cube currency='USD' rate='1.1531'/>
			<Cube currency='JPY' rate='181.41'/>
			<Cube currency='BGN' rate='1.9558'/>
			<Cube currency='CZK' rate='24.195'/>
			<Cube currency='DKK' rate='7.4692'/>
			<Cube currency='GBP' rate='0.88035'/>
			<Cube currency='HUF' rate='384.63'/>
			<Cube currency='PLN' rate='4.2455'/>
			<Cube currency='RON' rate='5.0884'/>
			<Cube currency='SEK' rate='10.9805'/>
			<Cube currency='CHF' rate='0.9307'/>
			<Cube currency='ISK' rate='147.20'/>
			<Cube currency='NOK' rate='11.8105'/>
			<Cube currency='TRY' rate='48.9338'/>
			<Cube currency='AUD' rate='1.7880'/>
			<Cube currency='BRL' rate='6.1563'/>
			<Cube currency='CAD' rate='1.6294'/>
			<Cube currency='CNY' rate='8.2011'/>
			<Cube currency='HKD' rate='8.9734'/>
			<Cube currency='IDR' rate='19247.01'/>
			<Cube currency='ILS' rate='3.7795'/>
			<Cube currency='INR' rate='102.2850'/>
			<Cube currency='KRW' rate='1698.85'/>
			<Cube currency='MXN' rate='21.2508'/>
			<Cube currency='MYR' rate='4.8007'/>
			<Cube currency='NZD' rate='2.0592'/>
			<Cube currency='PHP' rate='67.936'/>
			<Cube currency='SGD' rate='1.5074'/>
			<Cube currency='THB' rate='37.425'/>
			<Cube currency='ZAR' rate='20.0126'/>
		</Cube>
	</Cube>
</gesmes:Envelope>
`;
