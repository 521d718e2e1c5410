package io.patchpin.patchset;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.RegexSize;
import io.patchpin.core.TomlDocument;
import io.patchpin.core.TomlSchema;
import io.patchpin.core.TomlWriter;
import io.patchpin.safety.AtomicFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads and writes {@code patchset.toml}; every problem is bad input naming file and line. */
public final class PatchsetStore {
    public static final String FILE = "patchset.toml";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    /** The keys of patchset.toml: the same for sealed and unsealed entries; each kind has its own. */
    static final TomlSchema.File SCHEMA = schema();

    private PatchsetStore() {}

    private static TomlSchema.File schema() {
        TomlSchema.Table common = TomlSchema.values("id", "kind", "component", "why", "links", "when")
                .with(Map.of("upstream", TomlSchema.values("status", "url", "commit")));
        TomlSchema.Table textSeal = TomlSchema.values("before", "after", "matches", "context", "digest")
                .with(Map.of(
                        "place",
                        new TomlSchema.ArrayOf(TomlSchema.values(
                                "line", "matched", "matched_lines", "edited", "edited_lines", "above", "below"))));
        TomlSchema.Table patchSeal = TomlSchema.values("patch", "digest")
                .with(Map.of("file", new TomlSchema.ArrayOf(TomlSchema.values("path", "before", "after"))));
        TreeMap<String, TomlSchema.Table> kinds = new TreeMap<>(Map.of(
                "rewrite", kind(common, textSeal, "file", "find", "replace", "regex", "occurrence"),
                "insert", kind(common, textSeal, "file", "anchor", "regex", "position", "text"),
                "patch", kind(common, patchSeal, "patch", "directory", "strip", "files", "author", "subject", "fuzz")));
        return new TomlSchema.File(
                Patchset.LAYERED_FORMAT,
                TomlSchema.values("format", "name", "summary", "base", "targets", "layers")
                        .with(Map.of(
                                "env",
                                new TomlSchema.MapOf(TomlSchema.VALUE),
                                "entry",
                                new TomlSchema.ArrayOf(new TomlSchema.Variant("kind", kinds)))));
    }

    private static TomlSchema.Table kind(TomlSchema.Table common, TomlSchema.Table seal, String... keys) {
        return common.with(TomlSchema.values(keys).keys()).with(Map.of("seal", seal));
    }

    /** Whether {@code id} can name an entry: letters, digits, '.', '_', '-'. */
    public static boolean validId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    public static Path tomlOf(Path dir) {
        return dir.resolve(FILE);
    }

    public static Patchset read(Path dir) {
        Path file = tomlOf(dir);
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), 0, "no such patchset folder");
        }
        TomlDocument doc = TomlDocument.read(file);
        doc.require(SCHEMA);
        TomlDocument.Fields top = doc.fields(doc.root(), 0, "");
        Optional<String> base = top.has("base") ? Optional.of(top.objectId("base")) : Optional.empty();
        String name = top.optionalString("name", dir.getFileName().toString());
        TreeMap<String, String> env = new TreeMap<>();
        JsonNode envNode = doc.root().get("env");
        if (envNode != null) {
            // [env] as a table, or env = ... when it is not one
            int line = Math.max(doc.lineOfTable("env"), doc.lineOfKey("env"));
            TomlDocument.Fields envFields = doc.fields(envNode, line, "[env]");
            if (!envNode.isObject()) {
                throw envFields.error("must be a table");
            }
            envNode.fieldNames().forEachRemaining(k -> env.put(k, envFields.string(k)));
        }
        List<Entry> entries = new ArrayList<>();
        JsonNode list = doc.root().get("entry");
        if (list != null) {
            if (!list.isArray()) {
                throw top.error("'entry' must be an array of tables ([[entry]])");
            }
            for (int i = 0; i < list.size(); i++) {
                entries.add(readEntry(doc, list.get(i), i));
            }
        }
        List<Layer> layers = readLayers(doc, top);
        try {
            return new Patchset(
                    name, top.optionalString("summary", ""), base, top.strings("targets"), env, entries, layers);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file.toString(), 0, e.getMessage());
        }
    }

    /**
     * A problem found while running entry {@code id} of the patchset in {@code dir} (a regular expression
     * too costly for the file it runs on, say), reported at the entry's {@code [[entry]]} line.
     */
    public static BadInputException entryError(Path dir, String id, BadInputException cause) {
        Path file = tomlOf(dir);
        return new BadInputException(
                file.toString(), entryLine(file, id), "entry '" + id + "': " + cause.getMessage(), cause);
    }

    /**
     * A problem with the layers of the patchset in {@code dir} found after reading it (a circle, a stack too
     * deep, a folder that is not a patchset), reported where it is written: at {@code layer} in its
     * {@code layers = [...]} when that element can be found, else at the key.
     */
    public static BadInputException layersError(Path dir, Layer layer, String message) {
        Path file = tomlOf(dir);
        int line = Files.isRegularFile(file) ? TomlDocument.read(file).lineOfElement("layers", layer.toString()) : 0;
        return new BadInputException(file.toString(), line, message);
    }

    /** The line of entry {@code id}'s {@code [[entry]]} header in {@code file}, or 0 when it is not there. */
    private static int entryLine(Path file, String id) {
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        TomlDocument doc = TomlDocument.read(file);
        JsonNode list = doc.root().get("entry");
        for (int i = 0; list != null && list.isArray() && i < list.size(); i++) {
            JsonNode e = list.get(i).get("id");
            if (e != null && id.equals(e.asText())) {
                return doc.lineOfArrayTable("entry", i);
            }
        }
        return 0;
    }

    /** {@code layers = ["../shared", "therock:amd-mainline"]}, bottom first; only in format 2, which needs them. */
    private static List<Layer> readLayers(TomlDocument doc, TomlDocument.Fields top) {
        List<Layer> layers = new ArrayList<>();
        for (String text : top.strings("layers")) {
            try {
                layers.add(Layer.parse(text));
            } catch (IllegalArgumentException e) {
                throw new BadInputException(doc.source(), doc.lineOfElement("layers", text), e.getMessage());
            }
        }
        int format = doc.root().get("format").asInt();
        if (format == Patchset.LAYERED_FORMAT && layers.isEmpty()) {
            throw top.error("format", "format 2 is for a patchset with layers; without them write format = 1");
        }
        if (format < Patchset.LAYERED_FORMAT && !layers.isEmpty()) {
            throw top.error("layers", "a patchset with layers is format = 2 (older patchpin builds must refuse it)");
        }
        return layers;
    }

    private static Entry readEntry(TomlDocument doc, JsonNode node, int index) {
        int line = doc.lineOfArrayTable("entry", index);
        TomlDocument.Fields f = doc.fields(node, line, "entry " + (index + 1));
        String id = f.string("id");
        if (!validId(id)) {
            throw f.error("id '" + id + "' must be letters, digits, '.', '_' or '-'");
        }
        f = doc.fields(node, line, "entry '" + id + "'");
        String component = f.path("component");
        String kind = f.string("kind");
        try {
            return switch (kind) {
                case "rewrite" -> readRewrite(f, id, component);
                case "insert" -> readInsert(f, id, component);
                case "patch" -> readPatch(f, id, component);
                default -> throw f.error("unknown kind '" + kind + "' (rewrite, insert or patch)");
            };
        } catch (IllegalArgumentException e) {
            throw f.error(e.getMessage());
        }
    }

    /** What a text entry looks for: not empty, and a valid RE2 pattern when {@code regex}. */
    private static String pattern(TomlDocument.Fields f, String key, boolean regex) {
        String value = f.string(key);
        if (value.isEmpty()) {
            throw f.error("'" + key + "' is empty");
        }
        if (regex) {
            checkRegex(f, key, value);
        }
        return value;
    }

    private static RewriteEntry readRewrite(TomlDocument.Fields f, String id, String component) {
        boolean regex = f.bool("regex", false);
        String find = pattern(f, "find", regex);
        JsonNode occ = f.node("occurrence");
        // only a string or an integer reads as a number: a float or a boolean prints as text no int parses
        Occurrence occurrence = occ == null
                ? Occurrence.ALL
                : Occurrence.parse(occ.asText())
                        .orElseThrow(() -> f.error("'occurrence' must be \"all\" or a positive number"));
        String file = f.path("file");
        String replace = f.string("replace");
        return new RewriteEntry(common(f, id, component), file, find, replace, regex, occurrence, readTextSeal(f));
    }

    private static Entry.Common common(TomlDocument.Fields f, String id, String component) {
        return new Entry.Common(
                id, component, f.optionalString("why", ""), f.strings("links"), readUpstream(f), readWhen(f));
    }

    private static InsertEntry readInsert(TomlDocument.Fields f, String id, String component) {
        boolean regex = f.bool("regex", false);
        String anchor = pattern(f, "anchor", regex);
        InsertEntry.Position pos =
                switch (f.optionalString("position", "after")) {
                    case "after" -> InsertEntry.Position.AFTER;
                    case "before" -> InsertEntry.Position.BEFORE;
                    default -> throw f.error("'position' must be \"after\" or \"before\"");
                };
        String file = f.path("file");
        String text = f.string("text");
        return new InsertEntry(common(f, id, component), file, anchor, regex, pos, text, readTextSeal(f));
    }

    private static PatchEntry readPatch(TomlDocument.Fields f, String id, String component) {
        String patch = f.path("patch");
        if (patch.contains("/") || patch.equals(".")) {
            throw f.error("patch", "'patch' must name a file directly inside the patchset folder");
        }
        if (patch.getBytes(StandardCharsets.UTF_8).length > 255) {
            throw f.error("patch", "'patch' is longer than a file name can be (255 bytes)");
        }
        String directory = f.has("directory") ? f.path("directory") : "";
        directory = directory.equals(".") ? "" : directory;
        int strip = f.has("strip") ? f.integer("strip", 0, 1000) : 1;
        List<String> files = f.strings("files").stream().map(f::checkPath).toList();
        Optional<PatchSeal> seal = readPatchSeal(f);
        String author = f.optionalString("author", "");
        String subject = f.optionalString("subject", "");
        int fuzz = f.has("fuzz") ? f.integer("fuzz", 0, PatchEntry.MAX_FUZZ) : 0;
        return new PatchEntry(common(f, id, component), patch, directory, strip, files, author, subject, fuzz, seal);
    }

    private static Optional<PatchSeal> readPatchSeal(TomlDocument.Fields f) {
        JsonNode s = f.node("seal");
        if (s == null) {
            return Optional.empty();
        }
        TomlDocument.Fields sf = f.nested(s, "seal");
        List<PatchSeal.FileSeal> files = new ArrayList<>();
        for (JsonNode one : s.path("file")) {
            TomlDocument.Fields ff = f.nested(one, "seal file");
            files.add(new PatchSeal.FileSeal(ff.path("path"), blob(ff, "before"), blob(ff, "after")));
        }
        return Optional.of(new PatchSeal(sf.sha256("patch"), files, sf.sha256("digest")));
    }

    /** {@code when = "@6.0:6"}: the versions the entry is for, reported at its own line when it is not a range. */
    private static Condition readWhen(TomlDocument.Fields f) {
        try {
            return new Condition(f.optionalString("when", ""));
        } catch (IllegalArgumentException e) {
            throw f.error("when", e.getMessage());
        }
    }

    /** {@code [entry.upstream]}: status (required), url and commit (optional). */
    private static Upstream readUpstream(TomlDocument.Fields f) {
        JsonNode u = f.node("upstream");
        if (u == null) {
            return Upstream.NONE;
        }
        TomlDocument.Fields uf = f.nested(u, "upstream");
        if (!u.isObject()) {
            throw uf.error("must be a table ([entry.upstream])");
        }
        String status = uf.string("status");
        Upstream.Status s = Upstream.Status.parse(status)
                .orElseThrow(() -> uf.error(
                        "status",
                        "status '" + status + "' must be pending, submitted, merged, backport or inappropriate"));
        try {
            return new Upstream(Optional.of(s), uf.optionalString("url", ""), uf.optionalString("commit", ""));
        } catch (IllegalArgumentException e) {
            throw uf.error(e.getMessage());
        }
    }

    /** A blob id, empty when the key is missing or "" (no file). */
    private static Optional<String> blob(TomlDocument.Fields f, String key) {
        return f.optionalString(key, "").isEmpty() ? Optional.empty() : Optional.of(f.objectId(key));
    }

    private static Optional<TextSeal> readTextSeal(TomlDocument.Fields f) {
        JsonNode s = f.node("seal");
        if (s == null) {
            return Optional.empty();
        }
        TomlDocument.Fields sf = f.nested(s, "seal");
        List<String> context = sf.strings("context");
        if (!context.stream().allMatch(Hashes::isSha256)) {
            throw sf.error("'context' must hold 64-hex sha256 values");
        }
        long matches = sf.integer("matches", 0, Integer.MAX_VALUE);
        return Optional.of(new TextSeal(
                sf.sha256("before"),
                sf.sha256("after"),
                (int) matches,
                context,
                sf.sha256("digest"),
                readPlaces(f, s)));
    }

    private static List<Place> readPlaces(TomlDocument.Fields f, JsonNode seal) {
        List<Place> out = new ArrayList<>();
        JsonNode list = seal.get("place");
        if (list == null) {
            return out;
        }
        if (!list.isArray()) {
            throw f.error("'seal.place' must be an array of tables ([[entry.seal.place]])");
        }
        for (JsonNode one : list) {
            TomlDocument.Fields pf = f.nested(one, "seal place");
            out.add(new Place(
                    pf.integer("line", 0, Integer.MAX_VALUE),
                    pf.string("matched"),
                    pf.sha256("matched_lines"),
                    pf.sha256("edited"),
                    pf.integer("edited_lines", 0, Integer.MAX_VALUE),
                    pf.strings("above"),
                    pf.strings("below")));
        }
        return out;
    }

    private static void checkRegex(TomlDocument.Fields f, String key, String regex) {
        RegexSize.problem(regex).ifPresent(p -> {
            throw f.error(key, "'" + key + "': " + p);
        });
        try {
            Pattern.compile(regex, Pattern.MULTILINE);
        } catch (PatternSyntaxException e) {
            throw f.error(key, "invalid RE2 regular expression: " + e.getMessage());
        }
    }

    /** The TOML text of a patchset: fixed key order, no timestamps. */
    public static String render(Patchset p) {
        TomlWriter w = new TomlWriter();
        w.integer("format", p.format());
        w.string("name", p.name());
        w.optionalString("summary", p.summary());
        p.base().ifPresent(b -> w.string("base", b));
        if (!p.targets().isEmpty()) {
            w.strings("targets", p.targets());
        }
        if (!p.layers().isEmpty()) {
            w.strings("layers", p.layers().stream().map(Layer::toString).toList());
        }
        if (!p.env().isEmpty()) {
            w.blank().table("env").stringMap(p.env());
        }
        for (Entry e : p.entries()) {
            w.blank().arrayTable("entry");
            w.string("id", e.id()).string("kind", e.kind().word()).string("component", e.component());
            // the model's own writer knows each record; a kind it does not know fails here, never silently
            switch (e.kind()) {
                case REWRITE -> renderRewrite(w, (RewriteEntry) e);
                case INSERT -> renderInsert(w, (InsertEntry) e);
                case PATCH -> renderPatch(w, (PatchEntry) e);
                default -> throw new IllegalStateException(e.kind().toString());
            }
            renderAbout(w, e);
            e.textSeal().ifPresent(s -> renderTextSeal(w, s));
            if (e instanceof PatchEntry patch) {
                patch.seal().ifPresent(s -> renderPatchSeal(w, s));
            }
        }
        return w.toString();
    }

    /** What the entry says about itself, after its edit and before its seal. */
    private static void renderAbout(TomlWriter w, Entry e) {
        w.optionalString("when", e.when().text());
        w.optionalString("why", e.why());
        if (!e.links().isEmpty()) {
            w.strings("links", e.links());
        }
        Upstream u = e.upstream();
        u.status().ifPresent(s -> w.table("entry.upstream")
                .string("status", s.word())
                .optionalString("url", u.url())
                .optionalString("commit", u.commit()));
    }

    private static void renderRewrite(TomlWriter w, RewriteEntry r) {
        w.string("file", r.file()).string("find", r.find()).string("replace", r.replace());
        if (r.regex()) {
            w.bool("regex", true);
        }
        if (r.occurrence().isAll()) {
            w.string("occurrence", "all");
        } else {
            w.integer("occurrence", r.occurrence().nth());
        }
    }

    private static void renderInsert(TomlWriter w, InsertEntry i) {
        w.string("file", i.file()).string("anchor", i.anchor());
        if (i.regex()) {
            w.bool("regex", true);
        }
        w.string("position", i.position().word()).string("text", i.text());
    }

    private static void renderTextSeal(TomlWriter w, TextSeal s) {
        w.table("entry.seal")
                .string("before", s.before())
                .string("after", s.after())
                .integer("matches", s.matches())
                .strings("context", s.context())
                .string("digest", s.digest());
        for (Place p : s.places()) {
            w.arrayTable("entry.seal.place")
                    .integer("line", p.line())
                    .string("matched", p.matched())
                    .string("matched_lines", p.matchedLines())
                    .string("edited", p.edited())
                    .integer("edited_lines", p.editedLines())
                    .strings("above", p.above())
                    .strings("below", p.below());
        }
    }

    private static void renderPatch(TomlWriter w, PatchEntry p) {
        w.string("patch", p.patch());
        w.optionalString("directory", p.directory());
        w.integer("strip", p.strip());
        w.strings("files", p.files());
        w.optionalString("author", p.author()).optionalString("subject", p.subject());
        if (p.fuzz() > 0) {
            w.integer("fuzz", p.fuzz());
        }
    }

    private static void renderPatchSeal(TomlWriter w, PatchSeal s) {
        w.table("entry.seal").string("patch", s.patch()).string("digest", s.digest());
        for (PatchSeal.FileSeal f : s.files()) {
            w.arrayTable("entry.seal.file")
                    .string("path", f.path())
                    .string("before", f.before().orElse(""))
                    .string("after", f.after().orElse(""));
        }
    }

    public static void write(Path dir, Patchset p, boolean fsync) {
        AtomicFiles.write(tomlOf(dir), render(p).getBytes(StandardCharsets.UTF_8), fsync);
    }
}
