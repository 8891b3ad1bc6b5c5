/**
 * Names of the lookup lists kept in `lookup_values.kind`, and which list each lookup call reads
 * (SPEC.md section 7, "Lookups").
 */

export const KINDS = {
  itemType: "item_type",
  manufacturer: "manufacturer",
  material: "material",
  color: "color",
  damageType: "damage_type",
  specificDamage: "specific_damage",
  howDidOccur: "how_did_occur",
  actionTaken: "action_taken",
  damageArea: "damage_area",
  aceManufacturer: "ace_manufacturer",
  aceMaterial: "ace_material",
  aceColor: "ace_color",
  aceActionTaken: "ace_action_taken",
  aceDamageType: "ace_damage_type",
  aceHowDidOccur: "ace_how_did_occur",
  aceSpecificLocation: "ace_specific_location",
} as const;
export type LookupKind = (typeof KINDS)[keyof typeof KINDS];

/** GET paths under /api/v1 answering a whole list. */
export const LIST_ROUTES: Record<string, LookupKind> = {
  "/all_item_type": KINDS.itemType,
  "/all_material": KINDS.material,
  "/all_manufacturer": KINDS.manufacturer,
  "/all_color": KINDS.color,
  "/actions_taken_lookup_values": KINDS.actionTaken,
  "/specific_damage_lookup_values": KINDS.specificDamage,
  "/how_did_it_occur_lookup_values": KINDS.howDidOccur,
  "/damage_type_lookup_values": KINDS.damageType,
  "/ace/all_material": KINDS.aceMaterial,
  "/ace/all_manufacturer": KINDS.aceManufacturer,
  "/ace/all_color": KINDS.aceColor,
  "/ace/actions_taken_lookup_values": KINDS.aceActionTaken,
};

/** GET paths under /api/v1 answering the list for one model (query `modelNo`). */
export const MODEL_ROUTES: Record<string, LookupKind> = {
  "/ace/how_did_it_occur_lookup_values": KINDS.aceHowDidOccur,
  "/ace/damage_type_lookup_values": KINDS.aceDamageType,
  "/ace/specific_location_lookup_values": KINDS.aceSpecificLocation,
};

/**
 * The lists a reference field may point into, per plan family: FPP claims take the FPP lists, ACE
 * claims the ACE ones (the item type list is shared). ACE damage types, locations and causes are
 * further limited to the damaged item's model (see LookupRef.model); ACE damages have no specific
 * damage.
 */
export const FIELD_KINDS = {
  fpp: {
    itemType: [KINDS.itemType],
    manufacturer: [KINDS.manufacturer],
    material: [KINDS.material],
    color: [KINDS.color],
    damageType: [KINDS.damageType],
    specificDamage: [KINDS.specificDamage],
    specificLocation: [KINDS.damageArea],
    howDidOccur: [KINDS.howDidOccur],
    actionTaken: [KINDS.actionTaken],
  },
  ace: {
    itemType: [KINDS.itemType],
    manufacturer: [KINDS.aceManufacturer],
    material: [KINDS.aceMaterial],
    color: [KINDS.aceColor],
    damageType: [KINDS.aceDamageType],
    specificDamage: [],
    specificLocation: [KINDS.aceSpecificLocation],
    howDidOccur: [KINDS.aceHowDidOccur],
    actionTaken: [KINDS.aceActionTaken],
  },
} as const satisfies Record<"fpp" | "ace", Record<string, readonly LookupKind[]>>;
