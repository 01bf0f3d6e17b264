// What of an interpreter outside the system directories a sandbox shows the contestant (read
// only, at its own path). It was the directory above bin/: for ~/bin/python3 the whole home,
// where the contestant read the user's SSH key (and, as root, a secret test kept there). Now
// only an installation is shown: a prefix whose bin/ holds the interpreter and that has the
// rest of it (lib/pythonX.Y or lib/pypyX.Y or lib-python beside bin/; a JDK's home: lib/modules
// and release), and that is none of the places a contestant must never see (below). Anything
// else shows the interpreter's own file alone.
#pragma once

#include <filesystem>
#include <vector>

namespace entrapment {

// Where `executable` (a real path, outside the system directories) is installed: its
// installation's prefix, or the executable itself.
std::filesystem::path installation_of(const std::filesystem::path& executable);

// What a sandbox shows of it: of an installation, the parts of its prefix an interpreter reads
// (bin/, lib/, lib64/, include/; a JDK's conf/ and release too), never the prefix itself, where
// anything else may lie beside them; else the executable alone.
std::vector<std::filesystem::path> installation_shown(const std::filesystem::path& executable);

// Whether `dir` is never shown whole: /, a directory of the machine's (/tmp, /home, /var ...), a
// home directory (any user's, $HOME) or one that holds one, or a directory that holds the
// package being judged or the judge's working directory.
bool never_shown_whole(const std::filesystem::path& dir);

// The package being judged (the CLI sets it once found): it and what holds it are never shown.
void set_package_for_containment(const std::filesystem::path& root);
std::filesystem::path package_for_containment();  // empty: none set

}  // namespace entrapment
