package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.core.Hashes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A pins file with patchsets and more than one root, locked from a real TheRock-shaped work tree. */
class PinnedRootsAndPatchsetsTest extends TheRockWorkTest {
    Path set;

    @BeforeEach
    void setUp() throws IOException {
        set = tmp.resolve("patchsets/mine");
        TheRockFixture.newSetWithLlvm21(set, work);
    }

    @Test
    void theLockRecordsEachPatchsetsDigestOverItsTomlAndPatchFilesOnly() throws Exception {
        Path pins = pins("patchsets = [\"mine\"]\n", "");
        Lock lock = LockFile.read(lockTo(pins, "a.lock.toml"));
        PatchsetDigest digest = lock.patchsets().get(0);
        assertThat(lock.patchsets()).hasSize(1);
        assertThat(digest.name()).isEqualTo("mine");
        assertThat(digest.base()).contains(work.head());
        assertThat(digest.digest()).isEqualTo(expectedDigest());

        // a note beside the patchset is not part of it
        Files.writeString(set.resolve("README.md"), "why these patches\n", StandardCharsets.UTF_8);
        assertThat(LockFile.read(lockTo(pins, "b.lock.toml")).patchsets().get(0).digest())
                .isEqualTo(digest.digest());

        // an edited patch file is
        Path patch = patchFile();
        Files.writeString(patch, Files.readString(patch, StandardCharsets.UTF_8) + " \n", StandardCharsets.UTF_8);
        Path changed = lockTo(pins, "c.lock.toml");
        assertThat(LockFile.read(changed).patchsets().get(0).digest())
                .isNotEqualTo(digest.digest())
                .isEqualTo(expectedDigest());
        Cli.Run diff = Cli.run("lock", "diff", tmp.resolve("a.lock.toml"), changed, "--format", "json");
        assertThat(diff.exit()).as(diff.err()).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(diff.out());
        assertThat(json.get("patchsets").get(0).get("path").asText()).isEqualTo("mine");
    }

    @Test
    void aPatchFileTheEntriesNameButThatIsGoneIsBadInputAndNothingIsWritten() throws IOException {
        Path pins = pins("patchsets = [\"mine\"]\n", "");
        Path patch = patchFile();
        Files.delete(patch);
        Path out = tmp.resolve("x.lock.toml");
        Cli.Run run = Cli.run("lock", "--pins", pins, "-o", out);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: ")
                .contains(patch.getFileName().toString())
                .contains("missing");
        assertThat(out).doesNotExist();
    }

    @Test
    void aRootWithoutALocalCloneIsNamedOnStderrAndMarkedUnresolvedInTheLock() throws IOException {
        Repo pytorch = Repo.init(tmp.resolve("upstream/pytorch")).write("setup.py", "print('torch')\n");
        String v1 = pytorch.commit("torch 1");
        pytorch.git("tag", "v2.9.0");
        pytorch.write("setup.py", "print('torch 2')\n").commit("torch 2");
        Path pins = pins(
                "",
                "\n[[root]]\nname = \"pytorch\"\nurl = \"https://github.com/pytorch/pytorch.git\"\n"
                        + "ref = \"v2.9.0\"\npath = \"../upstream/pytorch\"\n"
                        + "\n[[root]]\nname = \"vllm\"\nurl = \"https://github.com/vllm-project/vllm.git\"\nref = \"main\"\n");
        Path out = tmp.resolve("roots.lock.toml");
        Cli.Run run = Cli.run("lock", "--pins", pins.toString(), "-o", out.toString());
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err())
                .contains("root 'vllm'", "not locked", "unresolved")
                .doesNotContain("'pytorch'");
        assertThat(Files.readString(out, StandardCharsets.UTF_8))
                .containsOnlyOnce("unresolved = true")
                .contains("name = \"vllm\"\nurl = \"https://github.com/vllm-project/vllm.git\"\nref = \"main\"\n"
                        + "unresolved = true\n");
        Lock lock = LockFile.read(out);
        assertThat(lock.roots()).extracting(Lock.Root::name).containsExactly("TheRock", "pytorch", "vllm");
        assertThat(lock.roots().get(0).commit()).contains(work.head());
        assertThat(lock.roots().get(1).commit()).contains(v1);
        assertThat(lock.roots().get(1).ref()).isEqualTo("v2.9.0");
        assertThat(lock.roots().get(2).commit()).isEmpty();
        assertThat(lock.superproject()).isEqualTo(work.head());
    }

    @Test
    void aSecondRootWhoseRefIsNotInItsCloneIsBadInputNamingThePinsLine() throws IOException {
        Repo.init(tmp.resolve("upstream/pytorch")).write("setup.py", "x\n").commit("torch");
        Path pins = pins(
                "",
                "\n[[root]]\nname = \"pytorch\"\nurl = \"https://github.com/pytorch/pytorch.git\"\n"
                        + "ref = \"v9.9.9\"\npath = \"../upstream/pytorch\"\n");
        Path out = tmp.resolve("bad.lock.toml");
        Cli.Run run = Cli.run("lock", "--pins", pins, "-o", out);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .contains(pins.getFileName().toString() + ":9")
                .contains("root 'pytorch'")
                .contains("v9.9.9");
        assertThat(out).doesNotExist();

        Path noClone = pins(
                "",
                "\n[[root]]\nname = \"pytorch\"\nurl = \"https://github.com/pytorch/pytorch.git\"\n"
                        + "ref = \"main\"\npath = \"../no-such-clone\"\n");
        Cli.Run missing = Cli.run("lock", "--pins", noClone, "-o", out);
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines())
                .singleElement()
                .asString()
                .contains(noClone.getFileName().toString() + ":9")
                .contains("root 'pytorch'")
                .contains("no-such-clone");
        assertThat(out).doesNotExist();
    }

    @Test
    void theWorkspaceKeyPicksWhichRootIsTheSuperprojectAndTheRootsRefIsLocked() throws IOException {
        String first = work.head();
        work.write("compiler/CMakeLists.txt", "# moved on\n").commit("local work");
        Path pins = tmp.resolve("pins/ws.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\nworkspace = \"rock\"\n\n[[root]]\nname = \"other\"\nurl = \"https://example.org/o.git\"\n"
                        + "ref = \"main\"\n\n[[root]]\nname = \"rock\"\nurl = \"https://example.org/rock.git\"\nref = \"origin/main\"\n"
                        + "path = \"../work\"\n",
                StandardCharsets.UTF_8);
        Path out = tmp.resolve("ws.lock.toml");
        Cli.Run run = Cli.run("lock", "--pins", pins.toString(), "-o", out.toString());
        assertThat(run.exit()).as(run.err()).isEqualTo(1); // 'other' names no clone: unresolved, said
        assertThat(run.err()).contains("root 'other'");
        Lock lock = LockFile.read(out);
        assertThat(lock.superproject()).isEqualTo(first);
        assertThat(lock.component(".").orElseThrow().url()).contains("https://example.org/rock.git");
        assertThat(lock.roots()).extracting(Lock.Root::commit).containsExactly(Optional.empty(), Optional.of(first));

        Files.writeString(
                pins,
                Files.readString(pins, StandardCharsets.UTF_8).replace("\"origin/main\"", "\"no-such-ref\""),
                StandardCharsets.UTF_8);
        Cli.Run bad = Cli.run("lock", "--pins", pins);
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("root 'rock'").contains("no-such-ref");
    }

    private Path lockTo(Path pins, String name) {
        Path out = tmp.resolve(name);
        Cli.ok("lock", "--pins", pins, "-o", out);
        return out;
    }

    /** pins/gfx.toml: TheRock at the work tree, then {@code top} keys before and {@code roots} after its root. */
    private Path pins(String top, String roots) throws IOException {
        Path pins = tmp.resolve("pins/gfx.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n" + top + "\n[[root]]\nname = \"TheRock\"\n"
                        + "url = \"https://github.com/ROCm/TheRock.git\"\nref = \"main\"\npath = \"../work\"\n" + roots,
                StandardCharsets.UTF_8);
        return pins;
    }

    private Path patchFile() throws IOException {
        try (var files = Files.walk(set)) {
            return files.filter(
                            p -> p.toString().endsWith(".diff") || p.toString().endsWith(".patch"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** The documented digest: sha256 over {@code path NUL length NUL bytes} of patchset.toml, then each patch file. */
    private String expectedDigest() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        feed(sha, "patchset.toml");
        feed(sha, set.relativize(patchFile()).toString());
        return Hashes.hex(sha.digest());
    }

    private void feed(MessageDigest sha, String relative) throws IOException {
        byte[] bytes = Files.readAllBytes(set.resolve(relative));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(relative.getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.writeBytes(Integer.toString(bytes.length).getBytes(StandardCharsets.UTF_8));
        b.write(0);
        b.writeBytes(bytes);
        sha.update(b.toByteArray());
    }
}
