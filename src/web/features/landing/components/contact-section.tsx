import { useEffect, useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input, inputClasses } from "../../../components/ui/input";
import { CONTACT_STATUS_MS } from "../../../config/timing";
import { cn } from "../../../lib/cn";
import { contactErrorMessage, sendContactMessage } from "../api/contact-api";

export const CONTACT_MISSING_FIELDS = "Please fill in all fields.";
export const CONTACT_SUCCESS = "Message sent successfully!";
export const CONTACT_FAILURE = "Error sending message, please try again.";

type Status = { tone: "success" | "error"; message: string } | null;

/** The contact form's fields, its sending and its status line, which hides after a moment. */
function useContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => {
      setStatus(null);
    }, CONTACT_STATUS_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const trimmedName = name.trim();
    const trimmedEmail = email.trim();
    if (trimmedName === "" || trimmedEmail === "") {
      setStatus({ tone: "error", message: CONTACT_MISSING_FIELDS });
      return;
    }
    setSending(true);
    try {
      const text = message.trim();
      await sendContactMessage({ name: trimmedName, email: trimmedEmail, ...(text === "" ? {} : { message: text }) });
      setName("");
      setEmail("");
      setMessage("");
      setStatus({ tone: "success", message: CONTACT_SUCCESS });
    } catch (error) {
      setStatus({ tone: "error", message: contactErrorMessage(error, CONTACT_FAILURE) });
    } finally {
      setSending(false);
    }
  }

  return { name, setName, email, setEmail, message, setMessage, sending, status, submit };
}

/** 'Contact Us': name and e-mail required, an optional message; the status hides after 2 s (docs/product.md). */
export function ContactSection() {
  const { name, setName, email, setEmail, message, setMessage, sending, status, submit } = useContactForm();

  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <div className="grid gap-8 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <h2 id="contact-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Contact Us
          </h2>
          <p className="mt-3 max-w-md text-muted">
            Questions, ideas or a bug to report? Leave your name and e-mail and the people running this Quanta server
            will get back to you.
          </p>
        </div>
        <form
          noValidate
          aria-label="Contact form"
          onSubmit={(event) => void submit(event)}
          className="space-y-4 rounded-2xl border border-line bg-surface p-6 shadow-card"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="contact-name" label="Name">
              <Input
                id="contact-name"
                name="name"
                type="text"
                autoComplete="name"
                aria-required="true"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                }}
              />
            </FormField>
            <FormField id="contact-email" label="Email">
              <Input
                id="contact-email"
                name="email"
                type="email"
                autoComplete="email"
                aria-required="true"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                }}
              />
            </FormField>
          </div>
          <FormField id="contact-message" label="Message (optional)">
            <textarea
              id="contact-message"
              name="message"
              rows={4}
              maxLength={5000}
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
              }}
              className={cn(inputClasses, "h-auto py-2")}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" disabled={sending}>
              <Send aria-hidden="true" size={16} />
              Submit
            </Button>
          </div>
          <div aria-live="polite" className="min-h-0">
            {status ? (
              <Banner tone={status.tone} className="mt-1">
                {status.message}
              </Banner>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
