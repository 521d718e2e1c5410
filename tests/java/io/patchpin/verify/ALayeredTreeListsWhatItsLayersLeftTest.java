package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.NoFiles;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.ForwardingFileSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The files of a tree as its layers left it, which a missing file's rename hint searches: a file a layer created is
 * listed, one it deleted is not, and the other components' files and what could not be read change nothing.
 */
class ALayeredTreeListsWhatItsLayersLeftTest {
    /** A revision whose component "lib" holds a.txt and b.txt; every read answers {@code answer}. */
    private static FileSource revision(FileLookup answer) {
        return new ForwardingFileSource(new NoFiles("revision abc", answer)) {
            @Override
            public Optional<SortedSet<String>> list(String component) {
                return component.equals("lib")
                        ? Optional.of(new TreeSet<>(List.of("a.txt", "b.txt")))
                        : Optional.empty();
            }
        };
    }

    @Test
    void aFileALayerCreatedIsListedAndOneItDeletedIsNot() {
        FileSource at = revision(new FileLookup.FileMissing());
        Overlay overlay = new Overlay(at);
        overlay.put(new FileKey("lib", "c.txt"), Optional.of("new\n".getBytes(StandardCharsets.UTF_8)));
        overlay.put(new FileKey("lib", "b.txt"), Optional.empty());
        overlay.put(new FileKey("other", "d.txt"), Optional.of("d\n".getBytes(StandardCharsets.UTF_8)));
        LayerBase.LayeredFiles layered = new LayerBase.LayeredFiles(at, overlay);
        assertThat(layered.list("lib"))
                .hasValueSatisfying(files -> assertThat(files).containsExactly("a.txt", "c.txt"));
        assertThat(layered.list("other")).isEmpty();
        assertThat(layered.describe()).isEqualTo("revision abc with its layers");
    }

    @Test
    void aFileThatCouldNotBeReadChangesNoListing() {
        FileSource at = revision(new FileLookup.ComponentMissing(true));
        Overlay overlay = new Overlay(at);
        overlay.read(new FileKey("lib", "b.txt"));
        assertThat(new LayerBase.LayeredFiles(at, overlay).list("lib"))
                .hasValueSatisfying(files -> assertThat(files).containsExactly("a.txt", "b.txt"));
    }
}
