package io.patchpin.lock;

import com.fasterxml.jackson.databind.JsonNode;
import io.patchpin.core.BadInputException;
import io.patchpin.core.TomlDocument;
import io.patchpin.core.TomlSchema;
import io.patchpin.core.TomlWriter;
import io.patchpin.workspace.RemoteUrl;
import io.patchpin.workspace.SubmoduleName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Renders and reads lockfiles (format: docs/reference.md, "Lockfiles and pins"). */
public final class LockFile {
    static final TomlSchema.File SCHEMA = new TomlSchema.File(
            Lock.FORMAT,
            TomlSchema.values("format", "name", "superproject")
                    .with(Map.of(
                            "root",
                                    new TomlSchema.ArrayOf(TomlSchema.values(
                                            "name", "url", "ref", "resolved", "commit", "unresolved")),
                            "component",
                                    new TomlSchema.ArrayOf(TomlSchema.values(
                                            "path",
                                            "name",
                                            "parent",
                                            "url",
                                            "branch",
                                            "commit",
                                            "override",
                                            "objects",
                                            "source")),
                            "patchset", new TomlSchema.ArrayOf(TomlSchema.values("name", "base", "digest")),
                            "smrev",
                                    new TomlSchema.ArrayOf(TomlSchema.values(
                                            "tag", "project", "component", "patches", "sha1", "revision")))));

    private LockFile() {}

    public static byte[] render(Lock lock) {
        TomlWriter w = new TomlWriter();
        w.comment("patchpin lockfile: written by `patchpin lock`; change the pins file, not this.");
        w.integer("format", Lock.FORMAT)
                .optionalString("name", lock.name().orElse(""))
                .string("superproject", lock.superproject());
        for (Lock.Root r : lock.roots()) {
            w.blank()
                    .arrayTable("root")
                    .string("name", r.name())
                    .string("url", r.url())
                    .string("ref", r.ref())
                    .optionalString("resolved", r.resolved().orElse(""))
                    .optionalString("commit", r.commit().orElse(""));
            if (r.commit().isEmpty()) {
                w.bool("unresolved", true);
            }
        }
        for (LockEntry c : lock.components()) {
            w.blank()
                    .arrayTable("component")
                    .string("path", c.path())
                    .string("name", c.name())
                    .optionalString("parent", c.parent().orElse(""))
                    .optionalString("url", c.url().orElse(""))
                    .optionalString("branch", c.branch().orElse(""))
                    .string("commit", c.commit());
            if (c.override()) {
                w.bool("override", true);
            }
            if (!c.available()) {
                w.string("objects", "missing");
            }
            w.optionalString("source", c.source().orElse(""));
        }
        for (PatchsetDigest p : lock.patchsets()) {
            w.blank()
                    .arrayTable("patchset")
                    .string("name", p.name())
                    .optionalString("base", p.base().orElse(""))
                    .string("digest", p.digest());
        }
        for (SmrevDigest s : lock.smrevs()) {
            w.blank()
                    .arrayTable("smrev")
                    .string("tag", s.tag())
                    .string("project", s.project())
                    .string("component", s.component())
                    .integer("patches", s.patches())
                    .string("sha1", s.sha1())
                    .string("revision", s.revision());
        }
        return w.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Reads a lockfile; any problem is bad input naming file and line. */
    public static Lock read(Path file) {
        TomlDocument doc = TomlDocument.read(file);
        doc.require(SCHEMA);
        TomlDocument.Fields top = doc.fields(doc.root(), 0, "");
        List<LockEntry> components = list(doc, "component", LockFile::entry);
        Set<String> paths = new HashSet<>();
        for (LockEntry c : components) {
            if (!paths.add(c.path())) {
                throw top.error("component '" + c.path() + "' is listed twice");
            }
        }
        if (components.stream().noneMatch(LockEntry::isSuperproject)) {
            throw top.error("no [[component]] with path = \".\" (the superproject)");
        }
        return new Lock(
                top.optional("name"),
                top.objectId("superproject"),
                list(
                        doc,
                        "root",
                        f -> new Lock.Root(
                                f.string("name"),
                                checkUrl(f, f.string("url")),
                                f.string("ref"),
                                f.has("commit") ? Optional.of(f.objectId("commit")) : Optional.empty(),
                                f.optional("resolved"))),
                components,
                list(
                        doc,
                        "patchset",
                        f -> new PatchsetDigest(
                                f.string("name"),
                                f.has("base") ? Optional.of(f.objectId("base")) : Optional.empty(),
                                f.sha256("digest"))),
                list(
                        doc,
                        "smrev",
                        f -> new SmrevDigest(
                                f.string("tag"),
                                f.string("project"),
                                f.path("component"),
                                f.integer("patches", 0, Integer.MAX_VALUE),
                                f.string("sha1"),
                                f.string("revision"))));
    }

    private static LockEntry entry(TomlDocument.Fields f) {
        String objects = f.optionalString("objects", "present");
        if (!objects.equals("present") && !objects.equals("missing")) {
            throw f.error("'objects' must be \"missing\" when present");
        }
        String path = f.path("path");
        Optional<String> parent = f.has("parent") ? Optional.of(f.path("parent")) : Optional.empty();
        if (parent.isEmpty() != path.equals(".")) {
            throw f.error(path.equals(".") ? "the superproject has no parent" : "missing 'parent'");
        }
        String name = f.string("name");
        if (!path.equals(".")) {
            // the name becomes .git/modules/<name> in sync: refused here, before anything is written
            SubmoduleName.problem(name).ifPresent(why -> {
                throw f.error("name", "component '" + path + "': " + why);
            });
        }
        return new LockEntry(
                path,
                name,
                parent,
                f.optional("url").map(u -> checkUrl(f, u)),
                f.optional("branch"),
                f.objectId("commit"),
                f.bool("override", false),
                objects.equals("present"),
                source(f));
    }

    /** A URL is data: one a fetch could hand to ssh as an option, or to a command, is refused at its line. */
    static String checkUrl(TomlDocument.Fields f, String url) {
        RemoteUrl.refusal(url).ifPresent(why -> {
            throw f.error("url", RemoteUrl.message(url, why));
        });
        return url;
    }

    /** Bad input at the line of the {@code url} of the lockfile's component {@code path}. */
    public static BadInputException urlError(Path file, String path, String message) {
        TomlDocument doc = TomlDocument.read(file);
        JsonNode list = doc.root().get("component");
        for (int i = 0; list != null && i < list.size(); i++) {
            if (path.equals(list.get(i).path("path").asText())) {
                return doc.fields(list.get(i), doc.lineOfArrayTable("component", i), "")
                        .error("url", message);
            }
        }
        return new BadInputException(file.toString(), 0, message);
    }

    private static Optional<String> source(TomlDocument.Fields f) {
        Optional<String> s = f.optional("source");
        s.filter(v -> !v.equals("topology") && !v.equals("manifest")).ifPresent(v -> {
            throw f.error("source", "'source' must be \"topology\" or \"manifest\", not '" + v + "'");
        });
        return s;
    }

    private static <T> List<T> list(TomlDocument doc, String table, Function<TomlDocument.Fields, T> reader) {
        List<T> out = new ArrayList<>();
        JsonNode node = doc.root().get(table);
        if (node == null) {
            return out;
        }
        if (!node.isArray()) {
            throw doc.fields(doc.root(), doc.lineOfKey(table), "")
                    .error("'" + table + "' must be [[" + table + "]] tables");
        }
        for (int i = 0; i < node.size(); i++) {
            int line = doc.lineOfArrayTable(table, i);
            out.add(reader.apply(doc.fields(node.get(i), line, "[[" + table + "]] " + (i + 1))));
        }
        return out;
    }
}
