import { Contents, LAST_UPDATED, MailLink, PolicySection, PolicyTable } from './policy-parts';

const SECTIONS = [
  { id: 'privacy-who', title: 'Who we are' },
  { id: 'privacy-data', title: 'The personal data we hold' },
  { id: 'privacy-use', title: 'How we use it, and why we may' },
  { id: 'privacy-sharing', title: 'Who can see it' },
  { id: 'privacy-transfers', title: 'Where it is processed' },
  { id: 'privacy-retention', title: 'How long we keep it' },
  { id: 'privacy-rights', title: 'Your rights under UK GDPR' },
  { id: 'privacy-security', title: 'How we protect it' },
  { id: 'privacy-changes', title: 'Children and changes to this policy' },
  { id: 'privacy-contact', title: 'Contact us' },
];

/** The privacy policy, written for what Brickyard actually stores and does. */
export function PrivacyPolicy({ email }: { email: string }) {
  return (
    <article
      id="privacy-policy"
      aria-labelledby="privacy-title"
      className="rounded-2xl border border-ink-200 bg-white p-6 shadow-card sm:p-10"
    >
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Policy</p>
      <h2 id="privacy-title" className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
        Privacy Policy
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
      </p>
      <p className="mt-5 leading-relaxed text-ink-700">
        This policy explains what personal data Brickyard holds when you visit our site or use the marketplace, why we
        hold it, who can see it, how long we keep it and the rights you have under the UK General Data Protection
        Regulation (UK GDPR) and the Data Protection Act 2018. The privacy contact is our support mailbox,{' '}
        <MailLink email={email} />.
      </p>
      <Contents label="Privacy Policy contents" items={SECTIONS} />

      <div className="mt-10">
        <PolicySection id="privacy-who" title="1. Who we are">
          <p>
            Brickyard is an online marketplace for the construction industry, run by Brickyard Marketplace Ltd
            (&ldquo;Brickyard&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). We are the controller of the personal data
            described in this policy. Buyers use Brickyard to publish tenders; suppliers use it to publish catalogues,
            follow public-sector tenders and bid; our team reviews and approves accounts.
          </p>
        </PolicySection>

        <PolicySection id="privacy-data" title="2. The personal data we hold">
          <ul>
            <li>
              <strong>Account data</strong> — your name, email address, role (buyer or supplier), company name, whether
              your email address is verified and your account approved, your password (only as a one-way hash, never in
              readable form) and, if you turn it on, your two-step sign-in settings.
            </li>
            <li>
              <strong>Company profile</strong> — what you choose to publish about your company: region, size,
              registration number, description, categories, certifications and quality standards, delivery locations,
              payment terms, contact person, phone, website, logo, projects, portfolio, requirements and the reviews you
              give and receive.
            </li>
            <li>
              <strong>Tenders and catalogue</strong> — the tenders and catalogue items you publish (descriptions,
              specifications, budgets and prices, quantities, lead times, attachments), the matches we calculate from
              them, the public-sector tenders you mark as favourites and the Bid Assist requests you send us.
            </li>
            <li>
              <strong>Messages</strong> — your conversations with other users and whether messages have been read, and
              the Contact Us messages you send our team (with any file you attach).
            </li>
            <li>
              <strong>Uploaded files</strong> — documents, images and attachments you upload, with their names and
              types.
            </li>
            <li>
              <strong>Billing records</strong> — your plan, billing cycle, promo code, subscription status, invoices and
              payment references. When card payments are taken, card details are entered on our payment provider&apos;s
              pages and never reach our servers.
            </li>
            <li>
              <strong>Audit events</strong> — a record of who changed a tender, what changed and when, and security
              events on your account (such as sign-ins and password changes).
            </li>
            <li>
              <strong>Notifications</strong> — the notifications we show and email you, and your notification settings.
            </li>
            <li>
              <strong>Technical data</strong> — server logs of requests (including IP address, time and the page or call
              made), used to keep the service secure and working.
            </li>
          </ul>
          <p>
            Public-sector tenders in the live feed come from Contracts Finder and Find a Tender, which publish them
            under the Open Government Licence; they may include the names and contact details of the public officials
            named in a notice.
          </p>
        </PolicySection>

        <PolicySection id="privacy-use" title="3. How we use it, and why we may">
          <PolicyTable
            caption="Purposes and lawful bases"
            head={['Purpose', 'Data used', 'Lawful basis (UK GDPR Art. 6)']}
            rows={[
              [
                'Run your account and the marketplace: sign-in, profiles, tenders, catalogue, search',
                'Account, profile, tenders and catalogue, files',
                'Contract',
              ],
              [
                'Review and approve new accounts',
                'Account and profile data',
                'Legitimate interests: a marketplace where people know who they deal with',
              ],
              [
                'Match tenders with catalogues and suppliers with public-sector tenders',
                'Tenders, catalogue, profile, reviews, deals',
                'Contract',
              ],
              ['Messaging, notifications and service emails', 'Messages, notifications, account data', 'Contract'],
              [
                'Subscriptions, invoices and tax records',
                'Billing records, account data',
                'Contract; legal obligation',
              ],
              [
                'Bid Assist and support requests',
                'Bid Assist requests, Contact Us messages, files',
                'Contract; legitimate interests',
              ],
              [
                'Security, fraud prevention and the tender audit trail',
                'Audit events, technical data',
                'Legitimate interests; legal obligation',
              ],
            ]}
          />
          <p>
            Matching ranks tenders and suppliers for you to review; it does not make decisions with legal or similarly
            significant effects. Account approvals are made by a person on our team. We do not use your data for
            advertising, we do not build advertising profiles, and we never sell personal data.
          </p>
        </PolicySection>

        <PolicySection id="privacy-sharing" title="4. Who can see it">
          <ul>
            <li>
              <strong>Other members</strong> see what you publish: your tenders or catalogue, and your company profile.
              Settings &gt; Privacy controls who may see your profile and whether your name, email and phone are shown
              to every member or only to your contract counterparties.
            </li>
            <li>
              <strong>The people you message</strong> see your messages and the files you share with them.
            </li>
            <li>
              <strong>Our team</strong> sees what it needs to review accounts, answer support and Bid Assist requests,
              and keep the service safe.
            </li>
            <li>
              <strong>Our processors</strong>, under written contracts that only let them act on our instructions:
              hosting and database, file storage, email delivery and, for card payments, our payment provider.
            </li>
            <li>
              <strong>Authorities</strong>, when the law requires us to disclose data.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="privacy-transfers" title="5. Where it is processed">
          <p>
            We aim to keep personal data in the United Kingdom. Where a processor handles it outside the UK, we rely on
            UK adequacy regulations or the UK International Data Transfer Agreement (or Addendum) to keep it protected
            to UK standards.
          </p>
        </PolicySection>

        <PolicySection id="privacy-retention" title="6. How long we keep it">
          <PolicyTable
            caption="Retention periods"
            head={['Data', 'How long']}
            rows={[
              [
                'Account, profile, tenders, catalogue, messages and files',
                'While your account is open. When you delete your account, your personal data is erased; deals and reviews you took part in are kept in anonymised form so the other party keeps its records.',
              ],
              [
                'Billing records and invoices',
                'Six years after the end of the financial year they relate to, as UK tax and company law require.',
              ],
              [
                'Tender audit events',
                'As long as the tender exists, and up to six years afterwards where needed to settle disputes.',
              ],
              [
                'Email verification and password reset links',
                'Verification links expire after 48 hours, reset links after one hour; both work only once.',
              ],
              ['Sign-in sessions', 'A sign-in lasts up to 12 hours, or until you log out.'],
              ['Contact Us and Bid Assist requests', 'Up to two years after we last dealt with the request.'],
              ['Server logs', 'Up to 90 days, unless needed to investigate a security incident.'],
            ]}
          />
        </PolicySection>

        <PolicySection id="privacy-rights" title="7. Your rights under UK GDPR">
          <p>You have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> the personal data we hold about you and receive a copy;
            </li>
            <li>
              <strong>rectification</strong> — have inaccurate data corrected (most of it you can edit yourself in
              Settings);
            </li>
            <li>
              <strong>erasure</strong> — have your data deleted (you can delete your account in Settings &gt; Accounts);
            </li>
            <li>
              <strong>restriction</strong> of processing while a concern is looked into;
            </li>
            <li>
              <strong>data portability</strong> — receive your data in a machine-readable format (Settings &gt; Privacy
              lets you export it);
            </li>
            <li>
              <strong>object</strong> to processing based on our legitimate interests;
            </li>
            <li>not be subject to decisions based solely on automated processing that significantly affect you.</li>
          </ul>
          <p>
            To use any of these rights, write to <MailLink email={email} />. We answer within one month and do not
            charge a fee. If you are unhappy with how we handle your data you may complain to the Information
            Commissioner&apos;s Office (ICO), ico.org.uk, telephone 0303 123 1113 — we would appreciate the chance to
            put things right first.
          </p>
        </PolicySection>

        <PolicySection id="privacy-security" title="8. How we protect it">
          <ul>
            <li>Passwords are stored only as strong one-way hashes; an optional second sign-in step is available.</li>
            <li>Every request is checked against your role, approval and ownership before any data is returned.</li>
            <li>
              Files are downloaded through short-lived signed links, and uploads are checked by content, not just by
              name.
            </li>
            <li>
              Changes to tenders are recorded in an audit trail, and access by our team is limited to what the task
              needs.
            </li>
          </ul>
        </PolicySection>

        <PolicySection id="privacy-changes" title="9. Children and changes to this policy">
          <p>
            Brickyard is a business service for people aged 18 and over; we do not knowingly collect data about
            children. If we change this policy in a way that matters, we will tell account holders by email or in the
            app before the change takes effect, and update the date at the top.
          </p>
        </PolicySection>

        <PolicySection id="privacy-contact" title="10. Contact us">
          <p>
            Questions about this policy or your data: write to our support mailbox at <MailLink email={email} />.
          </p>
        </PolicySection>
      </div>
    </article>
  );
}
