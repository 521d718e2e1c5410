package io.patchpin.patchset;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** One edit of one file set in one component; entries of a patchset apply in order. */
public sealed interface Entry permits TextEntry, PatchEntry {

    /** Entry kinds as written in patchset.toml. */
    enum Kind {
        REWRITE,
        INSERT,
        PATCH;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What every entry holds besides its edit and its seal: its id, its component, and what it says
     * about itself (why, links, upstream), which its definition digest leaves out.
     */
    record Common(String id, String component, String why, List<String> links, Upstream upstream, Condition when) {
        public Common {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(component, "component");
            why = why == null ? "" : why;
            links = List.copyOf(links);
            upstream = upstream == null ? Upstream.NONE : upstream;
            when = when == null ? Condition.ALWAYS : when;
        }

        /** An entry's common part without an upstream record or a condition. */
        public static Common of(String id, String component, String why, List<String> links) {
            return new Common(id, component, why, links, Upstream.NONE, Condition.ALWAYS);
        }

        public Common withUpstream(Upstream u) {
            return new Common(id, component, why, links, u, when);
        }

        /**
         * The start of every entry's definition: its kind, component and condition (narrowing {@code when} by hand
         * must not hide a broken entry, so it outdates the seal; an unconditional entry's digest is as before).
         */
        Definition definition(Kind kind) {
            Definition d = new Definition().add("kind", kind.word()).add("component", component);
            return when.always() ? d : d.add("when", when.text());
        }
    }

    Common common();

    default String id() {
        return common().id();
    }

    Kind kind();

    /** Component path from the superproject root, "." for the superproject. */
    default String component() {
        return common().component();
    }

    /** Files the entry touches, relative to the component, sorted. */
    List<String> files();

    default String why() {
        return common().why();
    }

    /** The patch file the entry names inside the patchset folder; empty for an entry whose edit lives in patchset.toml. */
    default Optional<String> patchFile() {
        return Optional.empty();
    }

    /** "Name <mail>" of the change's author from a format-patch mail, else "". */
    default String author() {
        return "";
    }

    /** The change's subject line from a format-patch mail, else "". */
    default String subject() {
        return "";
    }

    default List<String> links() {
        return common().links();
    }

    /** The seal, or empty for an entry not yet sealed (written where the base objects were not available). */
    Optional<? extends Seal> seal();

    /** sha256 over the entry's definition (not its seal): a hand edit changes it. */
    String definitionDigest();

    /** Whether the entry has a seal that was made for this definition: false when unsealed or edited since. */
    default boolean sealMatchesDefinition() {
        return seal().map(s -> s.digest().equals(definitionDigest())).orElse(false);
    }

    /** Whether the entry was edited after it was sealed. */
    default boolean sealOutdated() {
        return seal().isPresent() && !sealMatchesDefinition();
    }

    /** The seal of a rewrite or insert; empty for a patch or an unsealed entry. */
    default Optional<TextSeal> textSeal() {
        return seal().filter(TextSeal.class::isInstance).map(TextSeal.class::cast);
    }

    /** The same edit with another common part and seal: every copy below is made by it. */
    Entry with(Common common, Optional<? extends Seal> seal);

    default Entry withSeal(Seal seal) {
        return with(common(), Optional.of(seal));
    }

    /** The same entry without a seal, as one written where the base objects were not available. */
    default Entry unsealed() {
        return with(common(), Optional.empty());
    }

    /** Where the change stands upstream; {@link Upstream#NONE} when the entry says nothing. Not in the definition digest. */
    default Upstream upstream() {
        return common().upstream();
    }

    default Entry withUpstream(Upstream upstream) {
        return with(common().withUpstream(upstream), seal());
    }

    /** The fuzz factor the entry was imported with (a patch its distro applies with GNU patch's fuzz); else 0. */
    default int fuzz() {
        return 0;
    }

    /** The versions of its component the entry is for ({@link Condition#ALWAYS}: every one). */
    default Condition when() {
        return common().when();
    }
}
