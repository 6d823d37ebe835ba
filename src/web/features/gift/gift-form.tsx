import { useState } from "react";
import { GIFT_LIMITS } from "../../../contracts/gift";
import { BUDGETS, OCCASION_LABELS, OCCASIONS, RELATIONSHIP_LABELS, RELATIONSHIPS } from "../../../core/gift/gift-types";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input, inputClasses } from "../../components/ui/input";
import { cn } from "../../lib/cn";

/** A required choice whose 'other' option asks for a description in `<name>_other`. */
function ChoiceWithOther(props: { name: string; label: string; placeholder: string; options: { value: string; label: string }[]; otherLabel: string }) {
  const [value, setValue] = useState("");
  const id = `gift-${props.name}`;
  return (
    <>
      <FormField id={id} label={props.label}>
        <select id={id} name={props.name} required className={inputClasses} value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="">{props.placeholder}</option>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      {value === "other" ? (
        <FormField id={`${id}_other`} label={props.otherLabel}>
          <Input id={`${id}_other`} name={`${props.name}_other`} type="text" required maxLength={GIFT_LIMITS.text} />
        </FormField>
      ) : null}
    </>
  );
}

/**
 * The gift form. It posts natively to /gift (urlencoded), like the server-rendered form
 * visitors without JavaScript get, with the same field names; the server validates again and
 * answers the results page, or the form with its messages.
 */
export function GiftForm() {
  const textareaClasses = cn(inputClasses, "h-auto min-h-20 py-2");
  return (
    <Card>
      <form method="post" action="/gift" className="grid gap-5" aria-label="Gift Recommendation Assistant">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="gift-name" label="Name">
            <Input id="gift-name" name="name" type="text" required maxLength={GIFT_LIMITS.name} autoComplete="off" />
          </FormField>
          <FormField id="gift-age" label="Age">
            <Input id="gift-age" name="age" type="number" required min={GIFT_LIMITS.ageMin} max={GIFT_LIMITS.ageMax} step={1} inputMode="numeric" />
          </FormField>
          <ChoiceWithOther
            name="relationship"
            label="Relationship"
            placeholder="Choose a relationship"
            options={RELATIONSHIPS.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] }))}
            otherLabel="Describe the relationship"
          />
          <ChoiceWithOther
            name="occasion"
            label="Occasion"
            placeholder="Choose an occasion"
            options={OCCASIONS.map((o) => ({ value: o, label: OCCASION_LABELS[o] }))}
            otherLabel="Describe the occasion"
          />
          <FormField id="gift-budget" label="Budget">
            <select id="gift-budget" name="budget" required className={inputClasses} defaultValue="">
              <option value="">Choose a budget</option>
              {BUDGETS.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="gift-brands" label="Favourite brands (optional)" hint="Separate with commas.">
            <Input id="gift-brands" name="brands" type="text" maxLength={GIFT_LIMITS.text} aria-describedby="gift-brands-hint" />
          </FormField>
        </div>
        <FormField id="gift-interests" label="Interests" hint="For example: cooking, hiking, jazz.">
          <textarea id="gift-interests" name="interests" required rows={3} maxLength={GIFT_LIMITS.long} className={textareaClasses} aria-describedby="gift-interests-hint" />
        </FormField>
        <FormField id="gift-User_query" label="Anything else we should know? (optional)">
          <textarea id="gift-User_query" name="User_query" rows={3} maxLength={GIFT_LIMITS.long} className={textareaClasses} />
        </FormField>
        <FormField id="gift-previous_gifts" label="Previous gifts (optional)" hint="Gifts they already received; they will not be suggested again.">
          <textarea id="gift-previous_gifts" name="previous_gifts" rows={3} maxLength={GIFT_LIMITS.long} className={textareaClasses} aria-describedby="gift-previous_gifts-hint" />
        </FormField>
        <div>
          <Button type="submit">Get Gift Recommendations</Button>
        </div>
      </form>
    </Card>
  );
}
