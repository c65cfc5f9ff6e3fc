import { Contents, LAST_UPDATED, MailLink, PolicySection, PolicyTable } from './policy-parts';

const SECTIONS = [
  { id: 'cookies-summary', title: 'In short' },
  { id: 'cookies-storage', title: 'What we keep in your browser' },
  { id: 'cookies-third', title: 'Third parties' },
  { id: 'cookies-consent', title: 'Why we do not ask for consent' },
  { id: 'cookies-manage', title: 'Managing and clearing it' },
  { id: 'cookies-contact', title: 'Contact us' },
];

const STRICT = 'Strictly necessary';
const UNTIL_LOGOUT = 'Until you log out, or your sign-in ends';

/** The cookie policy: exactly the browser storage the web app uses (docs/product.md section 3). */
export function CookiePolicy({ email }: { email: string }) {
  return (
    <article
      id="cookie-policy"
      aria-labelledby="cookies-title"
      className="rounded-2xl border border-ink-200 bg-white p-6 shadow-card sm:p-10"
    >
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Policy</p>
      <h2 id="cookies-title" className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
        Cookie Policy
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
      </p>
      <Contents label="Cookie Policy contents" items={SECTIONS} />

      <div className="mt-10">
        <PolicySection id="cookies-summary" title="1. In short">
          <p>
            Brickyard sets <strong>no cookies</strong>: none for advertising, none for analytics, and we load no
            third-party tracking scripts. To keep you signed in and to remember two choices on our pricing pages, the
            app uses your browser&apos;s local storage (web storage). The law treats that storage the same way as
            cookies (the Privacy and Electronic Communications Regulations, PECR), so this policy lists every item.
          </p>
        </PolicySection>

        <PolicySection id="cookies-storage" title="2. What we keep in your browser">
          <PolicyTable
            caption="Items Brickyard keeps in your browser's local storage"
            head={['Key', 'What it holds and why', 'Type', 'How long']}
            rows={[
              [
                <code key="k">token</code>,
                'Your sign-in token, sent with each request so the server knows it is you',
                STRICT,
                'Until you log out; the token itself expires after 12 hours',
              ],
              [
                <code key="k">role</code>,
                'Whether you are a buyer, supplier or admin, to open the right part of the app',
                STRICT,
                UNTIL_LOGOUT,
              ],
              [<code key="k">id</code>, 'Your account id', STRICT, UNTIL_LOGOUT],
              [
                <code key="k">user</code>,
                'Your name and email address, shown in the app header and forms',
                STRICT,
                UNTIL_LOGOUT,
              ],
              [
                <code key="k">approved</code>,
                'Whether our team has approved your account, to show the screens you can use',
                STRICT,
                UNTIL_LOGOUT,
              ],
              [
                <code key="k">hasActiveSubscription</code>,
                'Whether you have an active subscription, for the same reason',
                STRICT,
                UNTIL_LOGOUT,
              ],
              [
                <code key="k">pricingRole</code>,
                'Whether you last looked at buyer or supplier pricing',
                'Preference',
                'Until you clear your browser storage',
              ],
              [
                <code key="k">billingCycle</code>,
                'Whether you last chose monthly or yearly billing',
                'Preference',
                'Until you clear your browser storage',
              ],
            ]}
          />
          <p>
            This storage stays on your device. It is not shared with anyone else, and only the sign-in token is sent to
            our server.
          </p>
        </PolicySection>

        <PolicySection id="cookies-third" title="3. Third parties">
          <p>
            Our pages load nothing from other sites: no fonts, no analytics, no social widgets, no advertising. The
            product tour video is served from our own server. When card payments are enabled and you choose to pay, you
            are taken to our payment provider&apos;s secure checkout page; that page is run by the provider and may set
            its own cookies for fraud prevention, under the provider&apos;s own policy.
          </p>
        </PolicySection>

        <PolicySection id="cookies-consent" title="4. Why we do not ask for consent">
          <p>
            The sign-in items are strictly necessary to provide the service you ask for when you sign in, and the two
            preference items are only written when you press the buyer/supplier or monthly/yearly switch, to remember
            that choice for you. PECR does not require consent for storage of this kind, so you will not see a cookie
            banner on Brickyard. If we ever add anything that does need consent, we will ask first and update this
            policy.
          </p>
        </PolicySection>

        <PolicySection id="cookies-manage" title="5. Managing and clearing it">
          <ul>
            <li>Logging out removes the six sign-in items straight away.</li>
            <li>
              You can remove everything at any time by clearing this site&apos;s data in your browser&apos;s settings
              (often under Privacy, &ldquo;Cookies and site data&rdquo;). That signs you out and resets the pricing
              choices.
            </li>
            <li>
              If your browser blocks site storage, the public pages still work, but you will not be able to stay signed
              in.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="cookies-contact" title="6. Contact us">
          <p>
            Questions about this policy: write to <MailLink email={email} />.
          </p>
        </PolicySection>
      </div>
    </article>
  );
}
