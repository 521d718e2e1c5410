package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockFile;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Locks from TheRock and PyTorch manifests, and BUILD_TOPOLOGY.toml's external sources as components. */
class ManifestAndTopologyTest {
    static final String KPACK = "optional-sources/rocm-kpack";

    @TempDir
    Path tmp;

    TheRockLayout layout;
    Repo ws;

    @BeforeEach
    void setUp() {
        layout = TheRockLayout.create(tmp);
        ws = layout.cloneWorkTree("ws");
    }

    @Test
    void lockFromATheRockManifestResolvesFromTheObjectsAndMarksWhereTheManifestDisagrees() throws IOException {
        String rock = ws.head();
        String llvmPin = Git.run(ws.dir(), "rev-parse", "HEAD:" + TheRockLayout.LLVM);
        String systemsPin = Git.run(ws.dir(), "rev-parse", "HEAD:" + TheRockLayout.SYSTEMS);
        String newer = layout.systems.write("NEWS", "newer\n").commit("newer rocm-systems");
        Git.run(ws.dir().resolve(TheRockLayout.SYSTEMS), "fetch", "-q", "origin");
        Path manifest = manifest(rock, llvmPin, newer);
        Path out = tmp.resolve("pins/rocm.lock.toml");
        Cli.Run r = Cli.ok("lock", "--from-manifest", manifest, "--repo", ws.dir(), "-o", out);
        assertThat(r.err())
                .contains(
                        "ROCm 7.12.0a20260203 is TheRock " + rock,
                        TheRockLayout.SYSTEMS + ": the manifest pins " + newer.substring(0, 12)
                                + ", TheRock's gitlink is " + systemsPin.substring(0, 12));
        Lock lock = LockFile.read(out);
        assertThat(lock.superproject()).isEqualTo(rock);
        assertThat(lock.component(TheRockLayout.LLVM).orElseThrow().commit()).isEqualTo(llvmPin);
        assertThat(lock.component(TheRockLayout.LLVM).orElseThrow().source()).isEmpty();
        LockEntry systems = lock.component(TheRockLayout.SYSTEMS).orElseThrow();
        assertThat(systems.commit()).isEqualTo(newer);
        assertThat(systems.source()).contains("manifest");
        assertThat(lock.smrevs()).extracting(s -> s.project()).containsExactly("llvm-project");
        // defect: the superproject's origin, a file:// clone here, was recorded as its URL
        assertThat(lock.component(".").orElseThrow().url()).contains("https://github.com/ROCm/TheRock.git");
        assertThat(Files.readString(out)).doesNotContain("url = \"" + layout.therock.url());
    }

    @Test
    void lockFromATheRockManifestWithoutTheObjectsLocksTheManifestsOwnPins() throws IOException {
        String rock = "0123456789abcdef0123456789abcdef01234567";
        Path manifest =
                manifest(rock, "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222");
        Cli.Run r = Cli.ok("lock", "--from-manifest", manifest, "--repo", ws.dir());
        assertThat(r.err()).contains("is not in", "only the manifest's own pins are locked");
        assertThat(r.out())
                .contains(
                        "superproject = \"" + rock + "\"",
                        "path = \"compiler/amd-llvm\"\nname = \"llvm-project\"",
                        "commit = \"1111111111111111111111111111111111111111\"",
                        "source = \"manifest\"");
    }

    @Test
    void lockFromAPyTorchSourceManifestRecordsEveryProjectAsARoot() throws IOException {
        Path manifest = tmp.resolve("pytorch_manifest_linux_nightly.json");
        Files.writeString(
                manifest,
                "{\n  \"schema_version\": 1,\n  \"pytorch\": {\"repo\": \"https://github.com/pytorch/pytorch.git\", "
                        + "\"commit\": \"" + "a".repeat(40)
                        + "\", \"branch\": \"nightly\", \"version\": \"2.11.0a0\"},\n"
                        + "  \"triton\": {\"repo\": \"https://github.com/triton-lang/triton.git\", \"commit\": \""
                        + "b".repeat(40)
                        + "\", \"version\": \"3.5.0\"},\n  \"therock\": {\"repo\": \"https://github.com/ROCm/TheRock.git\", \"commit\": \""
                        + ws.head() + "\", \"branch\": \"main\"}\n}\n",
                StandardCharsets.UTF_8);
        Cli.Run r = Cli.ok("lock", "--from-manifest", manifest, "--repo", ws.dir());
        assertThat(r.err()).contains("PyTorch 2.11.0a0 is TheRock " + ws.head());
        assertThat(r.out())
                .contains(
                        "[[root]]\nname = \"pytorch\"\nurl = \"https://github.com/pytorch/pytorch.git\"\nref = \"nightly\"",
                        "name = \"triton\"",
                        "ref = \"3.5.0\"",
                        "path = \"compiler/amd-llvm\"");
    }

    @Test
    void aManifestThatIsNeitherIsBadInputNamingTheFile() throws IOException {
        Path manifest = tmp.resolve("odd.json");
        Files.writeString(manifest, "{\"the_rock_commit\": null, \"submodules\": []}\n", StandardCharsets.UTF_8);
        Cli.Run r = Cli.run("lock", "--from-manifest", manifest, "--repo", ws.dir());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("patchpin: " + manifest + ":").contains("partial manifest");
        Files.writeString(manifest, "{\"x\": [1,\n", StandardCharsets.UTF_8);
        Cli.Run broken = Cli.run("lock", "--from-manifest", manifest, "--repo", ws.dir());
        assertThat(broken.exit()).isEqualTo(2);
        assertThat(broken.err()).contains("not valid JSON");
    }

    @Test
    void topologySourcesAreComponentsThatLockCheckAndSyncTreatLikeSubmodules() throws IOException {
        Path out = tmp.resolve("pins/main.lock.toml");
        Cli.ok("lock", "--repo", ws.dir(), "-o", out);
        assertThat(Files.readString(out, StandardCharsets.UTF_8))
                .contains("path = \"" + KPACK + "\"\nname = \"rocm-kpack\"\n"
                        + "parent = \".\"\nurl = \"" + layout.external.url() + "\"\ncommit = \""
                        + layout.external.head()
                        + "\"\nobjects = \"missing\"\nsource = \"topology\"");
        // as fetch_sources does: clone, then detach at the commit
        Path kpack = ws.dir().resolve(KPACK);
        Git.run(ws.dir(), "clone", "-q", "--no-checkout", layout.external.url(), kpack.toString());
        Git.run(kpack, "checkout", "-q", "--detach", layout.external.head());
        Cli.ok("lock", "--repo", ws.dir(), "-o", out);
        Cli.ok("lock", "check", out, "--repo", ws.dir());

        String pinned = layout.external.head();
        layout.external.write("kpack.py", "VERSION = 2\n").commit("kpack 2");
        Git.run(kpack, "fetch", "-q", "origin");
        Git.run(kpack, "checkout", "-q", "--detach", "origin/main");
        Cli.Run wrong = Cli.run("lock", "check", out, "--repo", ws.dir());
        assertThat(wrong.exit()).isEqualTo(1);
        assertThat(wrong.out()).contains("wrong-commit " + KPACK);
        Cli.ok("sync", out, "--repo", ws.dir());
        assertThat(Git.run(kpack, "rev-parse", "HEAD")).isEqualTo(pinned);
    }

    private Path manifest(String rock, String llvm, String systems) throws IOException {
        Path file = tmp.resolve("install/share/therock/therock_manifest.json");
        Files.createDirectories(file.getParent());
        Files.writeString(
                file,
                "{\n  \"the_rock_commit\": \"" + rock + "\",\n  \"rocm_package_version\": \"7.12.0a20260203\",\n"
                        + "  \"rocm_version\": \"7.12.0\",\n  \"submodules\": [\n"
                        + "    {\"submodule_name\": \"llvm-project\", \"submodule_path\": \"compiler/amd-llvm\", \"submodule_url\": \""
                        + layout.llvm.url() + "\", \"pin_sha\": \"" + llvm + "\", \"patches\": [\""
                        + TheRockLayout.TAG_DIR + "/"
                        + layout.patchNames.get(0) + "\"]},\n"
                        + "    {\"submodule_name\": \"rocm-systems\", \"submodule_path\": \"rocm-systems\", \"submodule_url\": \""
                        + layout.systems.url() + "\", \"pin_sha\": \"" + systems + "\", \"patches\": []}\n  ]\n}\n",
                StandardCharsets.UTF_8);
        return file;
    }
}
