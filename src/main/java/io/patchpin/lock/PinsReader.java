package io.patchpin.lock;

import com.fasterxml.jackson.databind.JsonNode;
import io.patchpin.core.TomlDocument;
import io.patchpin.core.TomlSchema;
import io.patchpin.patchset.PatchsetStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** Reads a pins file (schema in {@link Pins}); every problem is bad input naming file and line. */
public final class PinsReader {
    static final TomlSchema.File SCHEMA = new TomlSchema.File(
            Pins.FORMAT,
            TomlSchema.values("format", "name", "workspace", "patchsets", "patchset_dir")
                    .with(Map.of(
                            "root", new TomlSchema.ArrayOf(TomlSchema.values("name", "url", "ref", "path")),
                            "override", new TomlSchema.MapOf(TomlSchema.values("commit", "follow")))));

    private PinsReader() {}

    public static Pins read(Path file) {
        TomlDocument doc = TomlDocument.read(file);
        doc.require(SCHEMA);
        TomlDocument.Fields top = doc.fields(doc.root(), 0, "");
        String stem = file.getFileName().toString().replaceAll("\\.toml$", "");
        List<Pins.Root> roots = roots(doc, top);
        Optional<String> workspace = top.optional("workspace");
        workspace.filter(w -> roots.stream().noneMatch(r -> r.name().equals(w))).ifPresent(w -> {
            throw doc.fields(doc.root(), doc.lineOfKey("workspace"), "").error("no [[root]] is named '" + w + "'");
        });
        List<String> patchsets = top.strings("patchsets");
        for (String p : patchsets) {
            if (!PatchsetStore.validId(p)) {
                throw doc.fields(doc.root(), doc.lineOfKey("patchsets"), "")
                        .error("patchset name '" + p + "' must be letters, digits, '.', '_' or '-'");
            }
        }
        String patchsetDir = top.optionalString("patchset_dir", "../patchsets");
        Path dir = file.toAbsolutePath().normalize().getParent();
        return new Pins(
                file, dir, top.optionalString("name", stem), workspace, roots, overrides(doc), patchsets, patchsetDir);
    }

    private static List<Pins.Root> roots(TomlDocument doc, TomlDocument.Fields top) {
        JsonNode list = doc.root().get("root");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw top.error("needs at least one [[root]] with name, url and ref");
        }
        List<Pins.Root> roots = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            int line = doc.lineOfArrayTable("root", i);
            TomlDocument.Fields f = doc.fields(list.get(i), line, "root " + (i + 1));
            String name = f.string("name");
            if (roots.stream().anyMatch(r -> r.name().equals(name))) {
                throw f.error("duplicate root name '" + name + "'");
            }
            String url = LockFile.checkUrl(f, f.string("url"));
            roots.add(new Pins.Root(name, url, f.string("ref"), f.optional("path"), line));
        }
        return roots;
    }

    private static SortedMap<String, Pins.ComponentOverride> overrides(TomlDocument doc) {
        SortedMap<String, Pins.ComponentOverride> out = new TreeMap<>();
        JsonNode table = doc.root().get("override");
        if (table == null) {
            return out;
        }
        TomlDocument.Fields outer = doc.fields(table, doc.lineOfKey("override"), "[override]");
        if (!table.isObject()) {
            throw outer.error("must be a table of [override.\"<component path>\"] tables");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = table.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int line = overrideLine(doc, e.getKey());
            TomlDocument.Fields f = doc.fields(e.getValue(), line, "override '" + e.getKey() + "'");
            String path = f.checkPath(e.getKey());
            if (path.equals(".")) {
                throw f.error("the superproject is pinned by its root's ref, not by an override");
            }
            out.put(path, override(f, path, e.getValue()));
        }
        return out;
    }

    private static Pins.ComponentOverride override(TomlDocument.Fields f, String path, JsonNode node) {
        if (!node.isObject()) {
            throw f.error("must be a table with 'commit' or 'follow'");
        }
        if (node.has("commit") == node.has("follow")) {
            throw f.error("needs exactly one of 'commit' or 'follow'");
        }
        if (node.has("commit")) {
            String commit = f.string("commit").toLowerCase(Locale.ROOT);
            if (!commit.matches("[0-9a-f]{7,40}")) {
                throw f.error("'commit' must be 7 to 40 hex digits, not '" + commit + "'");
            }
            return new Pins.ComponentOverride(path, Optional.of(commit), false, Optional.empty(), f.line());
        }
        JsonNode follow = node.get("follow");
        if (follow.isBoolean() && follow.asBoolean()) {
            return new Pins.ComponentOverride(path, Optional.empty(), true, Optional.empty(), f.line());
        }
        if (follow.isTextual() && !follow.asText().isBlank()) {
            return new Pins.ComponentOverride(path, Optional.empty(), true, Optional.of(follow.asText()), f.line());
        }
        throw f.error("'follow' must be true (the .gitmodules branch) or a branch name");
    }

    private static int overrideLine(TomlDocument doc, String key) {
        for (String header : List.of("override.\"" + key + "\"", "override.'" + key + "'", "override." + key)) {
            int line = doc.lineOfTable(header);
            if (line > 0) {
                return line;
            }
        }
        return doc.lineOfKey("\"" + key + "\"");
    }
}
