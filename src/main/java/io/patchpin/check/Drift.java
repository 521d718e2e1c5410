package io.patchpin.check;

import java.util.Locale;

/** What changed at a rewrite's or insert's place since it was sealed, strongest last. */
public enum Drift {
    /** Nothing: the place is as sealed (or the verdict is not about drift). */
    NONE,
    /** The lines around the match changed; the matched lines are as sealed. */
    CONTEXT,
    /** The edit is already in the file but not at its sealed place. */
    REPLACED,
    /** The matched text is the same, but the line holding it changed (indentation, other text on it). */
    LINE,
    /** The pattern now matches another text than when sealed. */
    MATCH;

    /** The word used in details and JSON: "context changed", "match changed", ... */
    public String words() {
        return this == REPLACED ? "already there elsewhere" : name().toLowerCase(Locale.ROOT) + " changed";
    }

    /** Whether a rebase may reseal this drift without the user's consent. */
    public boolean resealable() {
        return this == NONE || this == CONTEXT;
    }
}
