// The processes of the machine as /proc shows them: who runs them, their parent and group, the
// CPU time they and their reaped children used, how long they waited for a CPU: how a run's
// process tree is found (process_tree.hpp) and what its processes used.
#pragma once

#include <sys/types.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace entrapment {

struct ProcEntry {
  pid_t pid = 0, ppid = 0, pgid = 0;
  char state = '?';                    // 'Z' for a zombie
  uid_t uid = static_cast<uid_t>(-1);  // real user id (only with the status)
  long long peak_kib = 0;              // VmHWM, its peak resident set (only with the status)
  unsigned long long ticks = 0;        // utime + stime + cutime + cstime, in clock ticks
  unsigned long long start = 0;        // start time after boot, in ticks: with the pid, unique
  long long resident_kib = 0;          // its resident set now
  long long virtual_kib = 0;           // its address space's size now (mapped, touched or not)
  // Its minor page faults so far: each page it wrote for the first time, or copied on writing,
  // is one (transparent huge pages aside, which the filter refuses under rlimits).
  unsigned long long minor_faults = 0;
  int threads = 0;  // its threads now (0 for a zombie)
  // Not 0: a thread of it that runs while its main thread has exited (its state 'Z'). The
  // process's /proc/PID files are read through the main thread, which has no memory map and
  // no descriptors any more: its memory and files are read through this one (proc_dir()).
  pid_t view = 0;
};

// Where `entry`'s memory map, descriptors and status are read: /proc/PID, or
// /proc/PID/task/TID of the thread that stands for a main thread that has exited.
std::string proc_dir(const ProcEntry& entry);

// A process whose main thread has exited (state 'Z') but whose other threads run is no zombie:
// `entry` then takes the state and resident set of one of those threads, and that thread
// becomes its view. False when no thread of it runs (a zombie indeed, or gone).
bool view_through_a_live_thread(ProcEntry& entry);

// Every process in /proc, without its status; one that exits while it is read is left out.
std::vector<ProcEntry> read_process_table();

// The processes whose real user id is in [first, last], with their status (the owner of
// /proc/PID is not the user id: a process that changed its ids, like bwrap's, shows as root's).
std::vector<ProcEntry> read_processes_of_users(uid_t first, uid_t last);
inline std::vector<ProcEntry> read_processes_of_user(uid_t uid) {
  return read_processes_of_users(uid, uid);
}

// Adds what /proc/PID/status says (user id, peak memory) to `entry`; false when it is gone.
bool read_proc_status(ProcEntry& entry);

// Parses the text of /proc/PID/stat into `entry` (not its uid); false when malformed.
bool parse_proc_stat(const std::string& text, ProcEntry& entry);

// What a process's smaps_rollup says of its memory, in KiB, -1 where it cannot be read. It walks
// every mapping: costly for a process with many.
struct OwnMemory {
  // Its proportional set (Pss: pages shared by several processes count a share each) less its
  // shared memory's (Pss_Shmem: pages of tmpfs files and shared objects, which the looks count
  // as the objects they are), and the share of its private memory in swap (SwapPss: pushed there
  // with MADV_PAGEOUT, 200 MiB held under 64 MiB went uncounted).
  long long kib = -1;
  // Of its proportional set, the share of its anonymous pages (Pss_Anon; -1 on a kernel older
  // than 5.10, which does not say): pages that only a fork shares with another process.
  long long anonymous_share_kib = -1;
};
// `dir`: the process's /proc directory (proc_dir()).
OwnMemory own_memory_in(const std::string& dir);

// An object in memory a process holds (a memfd, a shared object, a pipe or socket's buffers):
// its device, inode and KiB. Several processes may hold one: it counts once.
struct HeldObject {
  dev_t device = 0;
  ino_t inode = 0;
  long long kib = 0;
};

// The most the kernel keeps for one pipe, or one socket, whatever it holds at the moment: data
// written and not yet read is kernel memory in no process's resident set, and what a pipe holds
// at a look tells little of what it may hold between two (a byte a page in packet mode).
struct BufferBounds {
  long long pipe_kib = 0;
  long long socket_kib = 0;
};

// What the process holds open that keeps memory no resident set shows: its memfds (their
// blocks), its pipes and named pipes, and its sockets (each at its bound).
std::vector<HeldObject> objects_open_in(const std::string& process_dir,  // proc_dir()
                                        const BufferBounds& bounds);

// What the process's status says of its memory now, in KiB, from its counters (no walk: cheap
// enough for every process at every look).
struct StatusMemory {
  long long anonymous_kib = -1;  // its anonymous resident set (RssAnon); -1: unread
  long long resident_kib = -1;   // its whole resident set (VmRSS); -1: unread
  // Its page tables (VmPTE): kernel memory in no resident set, up to two pages a page of address
  // space (a page every GiB needs a table of its own, and one above it); 0 when unread.
  long long page_tables_kib = 0;
};
StatusMemory status_memory_in(const std::string& process_dir);  // proc_dir()

// What a process's descriptors keep in the kernel's buffers, in no resident set. Cheap enough to
// read at every look: a link a descriptor, and the fdinfo of the few that need it.
struct DescriptorBuffers {
  // Registrations in the epoll instances it holds open, up to `enough_registrations` in all:
  // each is kernel slab, 200 to 280 bytes (an epitem of 128, a wait-queue entry of 72 for each
  // queue its file's poll waits on: two for a pipe open both ways), and
  // one process made a million of them (a registration, keyed by file and descriptor number,
  // outlives the number's close). An instance held by several processes counts in each.
  long long epoll_registrations = 0;
  // The longest text of an epoll instance's fdinfo among them, in bytes (about 75 a
  // registration): a read of that fdinfo keeps it all in a buffer of its own.
  long long longest_epoll_text = 0;
  // The files of /proc it holds open that may list an epoll's registrations, each by its
  // position (the bytes read from it): its fdinfo files, or every file of /proc where its
  // descriptors' links cannot be read (a process not dumpable, to a box that is not root). A
  // file read keeps the text of its last read in a buffer until it is closed: an epoll's fdinfo
  // read and kept open, the epoll closed, held 4 MiB a file (red team: 232 MiB in 58, AC).
  std::vector<long long> fdinfo_positions;
  // Its other files of /proc, /sys and the like (cgroup, debugfs, tracefs, securityfs), each of
  // which keeps a page once read.
  long long pseudo_files = 0;
  // Its directories, each at bytes_a_read_directory(): a directory read in part keeps what it
  // read in the kernel, in no control group (ext4 keeps the names of an indexed directory's
  // block: red team, 200 processes held 924 MiB so under 64 MiB, AC in every mode).
  long long directory_bytes = 0;
};
DescriptorBuffers descriptor_buffers_in(const std::string& process_dir,  // proc_dir()
                                        long long enough_registrations);

// The most the kernel keeps for a directory read in part through one descriptor.
long long bytes_a_read_directory();

// How many descriptors a process holds open: the entries of its fd directory (of its fdinfo
// where that cannot be read), no link read. Cheap: one directory's read.
long long descriptors_in(const std::string& process_dir);  // proc_dir()

// What a file system holds, as statvfs says: its files (inodes in use) and the KiB
// of their data; 0 when it cannot be read.
struct FileSystemUse {
  long long files = 0, kib = 0;
};
FileSystemUse use_of_file_system(int descriptor);  // a descriptor of a path in it (O_PATH)

// Clock ticks per second, for ProcEntry::ticks.
double ticks_per_second();

// How long the threads of process `pid` were ready to run but waited for a CPU, the longest of
// them, in seconds (/proc/PID/task/TID/schedstat, its second field); 0 when it is gone.
double longest_cpu_wait_of(pid_t pid);
// The same for one thread, of any process (/proc/TID/schedstat).
double cpu_wait_of_thread(pid_t tid);

// The contents of a /proc file, or "" when it cannot be read. A process may exit while its
// files are read, and std::ifstream then throws (libstdc++ turns the read error into an
// exception), so these reads use plain system calls.
std::string read_proc_file(const std::string& path);

// A mount as a mountinfo file lists it (the caller's, or a process's view of its own): its id,
// its mount point (octal escapes undone: a space is \040) and its file system's type.
struct MountEntry {
  long long id = -1;
  std::string point, type;
};
std::vector<MountEntry> mount_table(const std::string& mountinfo = "/proc/self/mountinfo");

}  // namespace entrapment
