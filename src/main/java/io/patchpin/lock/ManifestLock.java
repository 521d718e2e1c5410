package io.patchpin.lock;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.Hashes;
import io.patchpin.core.OperationResult;
import io.patchpin.core.RelativePath;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.RemoteUrl;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * A lock from a build manifest: TheRock's {@code therock_manifest.json} (shipped as
 * {@code share/therock/therock_manifest.json} in every artifact: {@code the_rock_commit}, first-level
 * {@code submodules} with {@code pin_sha}) or a PyTorch source manifest ({@code "schema_version": 1}, one
 * {@code {repo, commit, branch, version}} object per project, "therock" among them). Where the superproject's objects
 * are here, every component is resolved from them, the manifest's pins winning (marked {@code source = "manifest"})
 * where the two disagree; otherwise the manifest's own pins are all there is.
 */
public final class ManifestLock {
    static final String THEROCK_URL = "https://github.com/ROCm/TheRock.git";

    private ManifestLock() {}

    /** The manifests read: TheRock's of a ROCm build, and PyTorch's of a wheel built on it. */
    public enum Kind {
        THEROCK,
        PYTORCH
    }

    /**
     * @param kind  which manifest it was
     * @param label what the manifest says it is (ROCm package version, PyTorch version), or ""
     * @param notes where manifest and objects disagree, or what could not be resolved; one line each
     */
    public record Result(Lock lock, Kind kind, String label, List<String> notes) implements OperationResult {
        public Result {
            notes = List.copyOf(notes);
        }

        /** Success: the notes are what the manifest itself cannot tell, not failures. */
        @Override
        public ExitCode exitCode() {
            return ExitCode.OK;
        }
    }

    /** @param ws the workspace holding TheRock's objects, or null when there is none */
    public static Result read(Path file, Workspace ws) {
        JsonNode root = parse(file);
        if (root.has("the_rock_commit") || root.has("submodules")) {
            return therock(file, root, ws);
        }
        if (root.has("schema_version")) {
            return pytorch(file, root, ws);
        }
        throw bad(
                file,
                "neither a therock_manifest.json (the_rock_commit, submodules) "
                        + "nor a PyTorch source manifest (schema_version)");
    }

    private static Result therock(Path file, JsonNode root, Workspace ws) {
        Optional<String> rock = text(root, "the_rock_commit");
        if (rock.isEmpty()) {
            throw bad(
                    file,
                    "'the_rock_commit' is null: a partial manifest, made without "
                            + "git metadata, names no TheRock commit");
        }
        String commit = requireId(file, "the_rock_commit", rock.get());
        Map<String, LockEntry> pins = new TreeMap<>();
        JsonNode subs = root.path("submodules");
        if (!subs.isArray()) {
            throw bad(file, "'submodules' must be an array");
        }
        List<String> notes = new ArrayList<>();
        for (JsonNode s : subs) {
            Optional<String> name = text(s, "submodule_name");
            Optional<String> given = text(s, "submodule_path");
            if (name.isEmpty() || given.isEmpty()) {
                throw bad(file, "a submodule without submodule_name or submodule_path");
            }
            String path = RelativePath.normalize(RelativePath.check(file.toString(), 1, given.get()));
            Optional<String> pin = text(s, "pin_sha");
            if (pin.isEmpty()) {
                notes.add(path + ": the manifest names no pin_sha");
                continue;
            }
            String pinned = requireId(file, "pin_sha of " + path, pin.get());
            Optional<String> url = text(s, "submodule_url");
            url.ifPresent(u -> RemoteUrl.check(file.toString(), 1, u));
            pins.put(path, pinned(path, name.get(), Optional.of(Component.SUPERPROJECT), url, pinned));
        }
        String label = text(root, "rocm_package_version").orElse("");
        return new Result(resolve(ws, commit, pins, List.of(), label, notes), Kind.THEROCK, label, notes);
    }

    private static Result pytorch(Path file, JsonNode root, Workspace ws) {
        JsonNode v = root.get("schema_version");
        if (!v.isIntegralNumber() || v.asInt() != 1) {
            throw bad(
                    file, "PyTorch source manifest schema_version " + v + " is not supported (this patchpin reads 1)");
        }
        List<Lock.Root> roots = new ArrayList<>();
        Optional<String> therock = Optional.empty();
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            JsonNode p = root.get(name);
            if (!p.isObject()) {
                continue;
            }
            String commit = requireId(file, name + ".commit", text(p, "commit").orElse("null"));
            String ref = text(p, "branch").or(() -> text(p, "version")).orElse(commit);
            roots.add(new Lock.Root(name, text(p, "repo").orElse(""), ref, commit));
            if (name.equals("therock")) {
                therock = Optional.of(commit);
            }
        }
        String therockCommit =
                therock.orElseThrow(() -> bad(file, "the PyTorch source manifest names no \"therock\" commit"));
        roots.sort(Comparator.comparing(Lock.Root::name));
        String label = text(root.path("pytorch"), "version").orElse("");
        List<String> notes = new ArrayList<>();
        return new Result(resolve(ws, therockCommit, Map.of(), roots, label, notes), Kind.PYTORCH, label, notes);
    }

    /**
     * The URL to lock: the manifest describes TheRock, so a superproject whose origin is a path on this machine (a
     * clone of a mirror) is locked at TheRock's own URL; a component's local path is left out.
     */
    private static Optional<String> url(Component c) {
        return Locker.url(null, c).or(() -> Optional.of(THEROCK_URL).filter(u -> c.isSuperproject()));
    }

    /** Every component from the objects when TheRock's commit is here (manifest pins winning), else the pins alone. */
    private static Lock resolve(
            Workspace ws,
            String commit,
            Map<String, LockEntry> pins,
            List<Lock.Root> roots,
            String label,
            List<String> notes) {
        ObjectId id = ObjectId.fromString(commit);
        Optional<String> name = Optional.of(label).filter(l -> !l.isEmpty());
        if (ws == null || !ws.has(id)) {
            notes.add("TheRock " + Hashes.abbrev(commit) + " is not in "
                    + (ws == null ? "any repository here" : ws.describe())
                    + ": only the manifest's own pins are locked");
            List<LockEntry> entries = new ArrayList<>(pins.values());
            entries.add(pinned(
                    Component.SUPERPROJECT,
                    Component.SUPERPROJECT,
                    Optional.empty(),
                    Optional.of(THEROCK_URL),
                    commit));
            return new Lock(name, commit, roots, entries, List.of(), List.of());
        }
        Snapshot snap = ws.snapshot(id, (c, repos) -> Optional.ofNullable(pins.get(c.path()))
                .filter(p -> c.inSuperproject() && !p.commit().equals(c.commit()))
                .map(p -> ObjectId.fromString(p.commit())));
        List<LockEntry> entries = new ArrayList<>();
        for (Component c : snap.components().values()) {
            boolean differs = differs(ws, id, c, pins.get(c.path()), notes);
            entries.add(LockEntry.of(c, url(c), false, differs ? Optional.of("manifest") : Optional.empty()));
        }
        List<LockEntry> all = new ArrayList<>(entries);
        for (LockEntry p : pins.values()) {
            if (snap.component(p.path()).isEmpty()) {
                notes.add(p.path() + ": in the manifest, not a submodule at " + Hashes.abbrev(commit)
                        + " (locked as the manifest says)");
                all.add(p);
            }
        }
        return new Lock(
                name,
                commit,
                roots,
                TopologySources.plus(ws, id, all),
                List.of(),
                SmrevDigest.of(ws.superRepository(), id, entries));
    }

    /** A component as the manifest alone pins it: its objects are not looked for. */
    private static LockEntry pinned(
            String path, String name, Optional<String> parent, Optional<String> url, String commit) {
        return new LockEntry(path, name, parent, url, Optional.empty(), commit, false, false, Optional.of("manifest"));
    }

    /** Whether the manifest pins a first-level component elsewhere than TheRock's gitlink; noted when it does. */
    private static boolean differs(Workspace ws, ObjectId commit, Component c, LockEntry pin, List<String> notes) {
        if (pin == null || !c.inSuperproject()) {
            return false;
        }
        String gitlink = gitlink(ws, commit, c);
        if (gitlink.equals(pin.commit())) {
            return false;
        }
        notes.add(c.path() + ": the manifest pins " + Hashes.abbrev(pin.commit()) + ", TheRock's gitlink is "
                + Hashes.abbrev(gitlink) + " (locked as the manifest says)");
        return true;
    }

    /** The gitlink of a first-level component in the superproject's tree at {@code commit}. */
    private static String gitlink(Workspace ws, ObjectId commit, Component c) {
        var repo = ws.superRepository();
        try (var walk = new RevWalk(repo);
                var tw = TreeWalk.forPath(
                        repo, c.path(), walk.parseCommit(commit).getTree())) {
            return tw == null ? c.commit() : tw.getObjectId(0).name();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tree of " + commit.name(), e);
        }
    }

    private static JsonNode parse(Path file) {
        try {
            return new ObjectMapper().readTree(Files.readAllBytes(file));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new BadInputException(file.toString(), line, "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), 0, "no such file", e);
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Bad input in the manifest, named at line 1: the parsed JSON values carry no line of their own. */
    private static BadInputException bad(Path file, String message) {
        return new BadInputException(file.toString(), 1, message);
    }

    private static Optional<String> text(JsonNode n, String key) {
        return Optional.ofNullable(n.get(key)).filter(v -> !v.isNull()).map(JsonNode::asText);
    }

    /** {@code id}, when it is a commit id; an absent one is named as "null", as JSON writes it. */
    private static String requireId(Path file, String what, String id) {
        if (!Hashes.isObjectId(id)) {
            throw bad(file, what + " must be a 40-hex commit, not '" + id + "'");
        }
        return id;
    }
}
