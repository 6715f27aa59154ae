// The table's rule for bomb pots as a form, in the lobby (options.bomb_pots) and the host panel
// (the host's bomb_pots command): a bomb pot every N hands, and/or the hand after one where the
// button is dealt one of the host's hold'em hands ("72o, AA"); the ante; one board or two
// (docs/protocol.md). No table state here: the lobby loads it too.

const HANDS_HINT = "a pair AA, suited AKs, offsuit 72o, or either 72; commas between";

/** The rule's fields, their ids starting with `prefix` ("lobby-bomb" makes #lobby-bomb-every...),
 * appended to `box`. */
export function bombRuleFields(box, prefix) {
  const field = (html) => {
    const label = document.createElement("label");
    label.innerHTML = html;
    box.append(label);
    return label;
  };
  field(`Every <input id="${prefix}-every" type="number" min="1" max="1000" placeholder="N" aria-label="hands between bomb pots"> hands`);
  field(`and/or the hand after the button is dealt <input id="${prefix}-hands" size="12" placeholder="72o, AA" aria-label="the button's hands" title="${HANDS_HINT}">`);
  field(`Ante <input id="${prefix}-ante" type="number" min="1" value="5" aria-label="bomb pot ante"> each, <select id="${prefix}-boards" aria-label="boards"><option value="1">one board</option><option value="2">double board</option></select>`);
}

/** The rule the fields say, `{every, ante, boards, hands}` without what is left blank; null when
 * neither a count nor hands is given (no rule). */
export function bombRule(prefix) {
  const value = (name) => document.getElementById(`${prefix}-${name}`).value.trim();
  const rule = { ante: Number(value("ante")), boards: Number(value("boards")) };
  if (value("every")) rule.every = Number(value("every"));
  if (value("hands")) rule.hands = value("hands");
  return rule.every == null && rule.hands == null ? null : rule;
}

/** The rule in words: "a bomb pot every 5 hands and after the button is dealt 72o: 5 each, double board". */
export function bombRuleWords(rule) {
  if (!rule) return "No bomb-pot rule.";
  const when = [rule.every && `every ${rule.every} hands`, rule.hands && `after the button is dealt ${rule.hands}`];
  const boards = rule.boards > 1 ? ", double board" : "";
  return `A bomb pot ${when.filter(Boolean).join(" and ")}: ${Number(rule.ante).toLocaleString()} each${boards}.`;
}
