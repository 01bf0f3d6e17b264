#include "proc_table.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>

#include "support/files.hpp"

namespace entrapment {

std::string read_proc_file(const std::string& path) {
  // The end, or the process is gone: what was read is all there is.
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  read_to_end(fd, text);
  ::close(fd);
  return text;
}

bool parse_proc_stat(const std::string& text, ProcEntry& entry) {
  // "PID (COMM) STATE PPID PGRP SESSION TTY TPGID FLAGS MINFLT CMINFLT MAJFLT CMAJFLT UTIME
  // STIME CUTIME CSTIME PRIORITY NICE THREADS ITREALVALUE STARTTIME VSIZE RSS ...": the command
  // name may hold spaces and parentheses, so fields are counted from the last ')'.
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return false;
  entry.pid = static_cast<pid_t>(std::atol(text.c_str()));
  unsigned long long minor_faults = 0, utime = 0, stime = 0, start = 0;
  unsigned long long vsize = 0;
  long long cutime = 0, cstime = 0, rss = 0;
  int ppid = 0, pgid = 0, threads = 0;
  char state = '?';
  const int fields =
      std::sscanf(text.c_str() + close + 1,
                  " %c %d %d %*d %*d %*d %*u %llu %*u %*u %*u %llu %llu %lld %lld %*d %*d %d %*d "
                  "%llu %llu %lld",
                  &state, &ppid, &pgid, &minor_faults, &utime, &stime, &cutime, &cstime, &threads,
                  &start, &vsize, &rss);
  if (fields < 10) return false;
  static const long long page_kib = std::max(1L, ::sysconf(_SC_PAGESIZE) / 1024);
  entry.resident_kib = fields == 12 && rss > 0 ? rss * page_kib : 0;
  entry.virtual_kib = fields >= 11 ? static_cast<long long>(vsize / 1024) : 0;
  entry.minor_faults = minor_faults;
  entry.threads = std::max(0, threads);
  entry.start = start;
  entry.state = state;
  entry.ppid = ppid;
  entry.pgid = pgid;
  entry.ticks = utime + stime + static_cast<unsigned long long>(cutime < 0 ? 0 : cutime) +
                static_cast<unsigned long long>(cstime < 0 ? 0 : cstime);
  return true;
}

FileSystemUse use_of_file_system(int descriptor) {
  struct statvfs info {};
  FileSystemUse use;
  if (::fstatvfs(descriptor, &info) != 0) return use;
  if (info.f_files >= info.f_ffree) use.files = static_cast<long long>(info.f_files - info.f_ffree);
  if (info.f_blocks >= info.f_bfree)
    use.kib = static_cast<long long>((info.f_blocks - info.f_bfree) * info.f_frsize / 1024);
  return use;
}

double ticks_per_second() {
  static const double ticks = [] {
    const long t = ::sysconf(_SC_CLK_TCK);
    return t > 0 ? static_cast<double>(t) : 100.0;
  }();
  return ticks;
}

namespace {

// The second field of a schedstat file: nanoseconds spent waiting on a run queue.
double run_delay_in(const std::string& path) {
  const std::string text = read_proc_file(path);
  unsigned long long on_cpu = 0, waiting = 0;
  if (std::sscanf(text.c_str(), "%llu %llu", &on_cpu, &waiting) != 2) return 0;
  return static_cast<double>(waiting) / 1e9;
}

}  // namespace

double longest_cpu_wait_of(pid_t pid) {
  const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  double longest = 0;
  DIR* dir = ::opendir(tasks.c_str());
  while (dirent* entry = dir ? ::readdir(dir) : nullptr)
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9')
      longest = std::max(longest, run_delay_in(tasks + "/" + entry->d_name + "/schedstat"));
  if (dir) ::closedir(dir);
  return longest;
}

double cpu_wait_of_thread(pid_t tid) {
  return run_delay_in("/proc/" + std::to_string(tid) + "/schedstat");
}

std::string proc_dir(const ProcEntry& entry) {
  return "/proc/" + std::to_string(entry.pid) +
         (entry.view ? "/task/" + std::to_string(entry.view) : std::string());
}

bool view_through_a_live_thread(ProcEntry& entry) {
  const std::string tasks = "/proc/" + std::to_string(entry.pid) + "/task";
  DIR* dir = ::opendir(tasks.c_str());
  if (!dir) return false;
  bool found = false;
  while (const dirent* task = ::readdir(dir)) {
    if (task->d_name[0] < '0' || task->d_name[0] > '9') continue;
    const pid_t tid = static_cast<pid_t>(std::atol(task->d_name));
    ProcEntry thread;
    if (tid == entry.pid ||
        !parse_proc_stat(read_proc_file(tasks + "/" + task->d_name + "/stat"), thread) ||
        thread.state == 'Z' || thread.state == 'X')
      continue;
    entry.view = tid;
    entry.state = thread.state;
    entry.resident_kib = thread.resident_kib;
    found = true;
    break;
  }
  ::closedir(dir);
  return found;
}

bool read_proc_status(ProcEntry& entry) {
  const std::string status = read_proc_file(proc_dir(entry) + "/status");
  const std::size_t uid = status.find("\nUid:");
  if (uid == std::string::npos) return false;
  entry.uid = static_cast<uid_t>(std::strtoul(status.c_str() + uid + 5, nullptr, 10));
  const std::size_t peak = status.find("\nVmHWM:");  // absent for zombies and kernel threads
  entry.peak_kib = peak == std::string::npos ? 0 : std::atoll(status.c_str() + peak + 7);
  return true;
}

namespace {

// Every process directory of /proc ("/proc/1234", its pid), read by `take`, which returns the
// entry to keep or nothing. A process can vanish at any moment: `take` skips what it cannot read.
template <typename Take>
std::vector<ProcEntry> walk_processes(Take take) {
  std::vector<ProcEntry> table;
  DIR* proc = ::opendir("/proc");
  if (!proc) return table;
  while (dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    ProcEntry process;
    if (take(std::string("/proc/") + entry->d_name, static_cast<pid_t>(std::atol(entry->d_name)),
             process))
      table.push_back(process);
  }
  ::closedir(proc);
  return table;
}

}  // namespace

std::vector<ProcEntry> read_process_table() {
  return walk_processes([&](const std::string& dir, pid_t, ProcEntry& process) {
    return parse_proc_stat(read_proc_file(dir + "/stat"), process);
  });
}

std::vector<ProcEntry> read_processes_of_users(uid_t first, uid_t last) {
  return walk_processes([&](const std::string& dir, pid_t pid, ProcEntry& process) {
    process.pid = pid;  // parse_proc_stat() keeps the uid and peak read_proc_status() reads
    return read_proc_status(process) && process.uid >= first && process.uid <= last &&
           parse_proc_stat(read_proc_file(dir + "/stat"), process);
  });
}

namespace {

// The number of KiB after "\nNAME:" in the text of a file of /proc ("Pss:    3000 kB"), or -1.
long long kib_field(const std::string& text, const std::string& name) {
  const std::size_t at = text.find("\n" + name + ":");
  return at == std::string::npos ? -1 : std::atoll(&text[at + name.size() + 2]);
}

}  // namespace

OwnMemory own_memory_in(const std::string& dir) {
  const std::string rollup = read_proc_file(dir + "/smaps_rollup");
  OwnMemory own;
  const long long pss = kib_field(rollup, "Pss");
  if (pss < 0) return own;
  own.kib = std::max(0LL, pss - std::max(0LL, kib_field(rollup, "Pss_Shmem"))) +
            std::max(0LL, kib_field(rollup, "SwapPss"));
  own.anonymous_share_kib = kib_field(rollup, "Pss_Anon");
  return own;
}

std::vector<HeldObject> objects_open_in(const std::string& process_dir,
                                        const BufferBounds& bounds) {
  std::vector<HeldObject> held;
  const std::string fds = process_dir + "/fd";
  DIR* dir = ::opendir(fds.c_str());
  if (!dir) return held;
  char target[64];
  while (const dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    const std::string fd = fds + "/" + entry->d_name;
    struct stat info {};
    if (::stat(fd.c_str(), &info) != 0) continue;
    if (S_ISFIFO(info.st_mode)) {
      held.push_back({info.st_dev, info.st_ino, bounds.pipe_kib});
    } else if (S_ISSOCK(info.st_mode)) {
      held.push_back({info.st_dev, info.st_ino, bounds.socket_kib});
    } else {
      const ssize_t n = ::readlink(fd.c_str(), target, sizeof target - 1);
      if (n >= 7 && std::string(target, 7) == "/memfd:")
        held.push_back({info.st_dev, info.st_ino, static_cast<long long>(info.st_blocks) / 2});
    }
  }
  ::closedir(dir);
  return held;
}

StatusMemory status_memory_in(const std::string& process_dir) {
  const std::string status = read_proc_file(process_dir + "/status");
  StatusMemory memory;
  memory.anonymous_kib = kib_field(status, "RssAnon");
  memory.resident_kib = kib_field(status, "VmRSS");
  memory.page_tables_kib = std::max(0LL, kib_field(status, "VmPTE"));
  return memory;
}

namespace {

// What a descriptor's fdinfo says: its position (the bytes read from it) and mount, and, for an
// epoll instance, the registrations it lists (a line "tfd: ..." each after a few of its own,
// counted up to `enough`; none in another kind's, none of whose lines starts so) and the
// length of its text so far. Read in pieces: a million registrations are 80 MB of text.
struct FdInfo {
  long long position = 0, mount_id = -1, registrations = 0, bytes = 0;
  long long flags = -1;  // as it was opened (O_ACCMODE, O_PATH, ...), or -1
};

// The number after `key` ("pos:") at the start of a line of `text`, in `base` (10, or 8 for
// "flags:"), or -1.
long long number_after(std::string_view text, std::string_view key, int base = 10) {
  std::size_t at = text.compare(0, key.size(), key) == 0 ? 0 : text.find("\n" + std::string(key));
  if (at == std::string_view::npos) return -1;
  at += (at == 0 ? 0 : 1) + key.size();
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  long long number = -1;
  for (; at < text.size() && text[at] >= '0' && text[at] < '0' + base; ++at)
    number = std::max(0LL, number) * base + (text[at] - '0');
  return number;
}

FdInfo read_fdinfo(const std::string& path, long long enough) {
  FdInfo info;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return info;
  static constexpr char kLine[] = "tfd:";
  std::size_t column = 0;
  bool matching = true;
  char buffer[1 << 16];
  ssize_t got;
  while ((info.bytes == 0 || info.registrations < enough) &&
         (got = ::read(fd, buffer, sizeof buffer)) > 0) {
    if (info.bytes == 0) {  // its first lines, in the first piece
      info.position = std::max(0LL, number_after({buffer, static_cast<std::size_t>(got)}, "pos:"));
      info.mount_id = number_after({buffer, static_cast<std::size_t>(got)}, "mnt_id:");
      info.flags = number_after({buffer, static_cast<std::size_t>(got)}, "flags:", 8);
    }
    info.bytes += got;
    for (ssize_t i = 0; i < got; ++i) {
      if (buffer[i] == '\n') {
        column = 0;
        matching = true;
        continue;
      }
      if (column < 4) {
        matching = matching && buffer[i] == kLine[column];
        if (column == 3 && matching) ++info.registrations;
      }
      ++column;
    }
  }
  ::close(fd);
  return info;
}

// The kinds of file system whose files keep a buffer of the kernel's once read (seq_file).
enum class Pseudo { None, Proc, Other };

Pseudo pseudo_of_magic(long magic) {
  switch (magic) {
    case PROC_SUPER_MAGIC:
      return Pseudo::Proc;
    case SYSFS_MAGIC:
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
    case DEBUGFS_MAGIC:
    case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC:
      return Pseudo::Other;
    default:
      return Pseudo::None;
  }
}

Pseudo pseudo_of_type(const std::string& type) {
  if (type == "proc") return Pseudo::Proc;
  for (const char* other : {"sysfs", "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs"})
    if (type == other) return Pseudo::Other;
  return Pseudo::None;
}

void add(DescriptorBuffers& found, Pseudo kind, const FdInfo& info, bool lists_registrations) {
  if (kind == Pseudo::Proc && lists_registrations)
    found.fdinfo_positions.push_back(info.position);
  else if (kind != Pseudo::None)
    ++found.pseudo_files;
}

// Whether a descriptor whose link says `link` may be a file's, or a directory's (not a pipe's,
// a socket's or an anonymous inode's, "pipe:[1234]", "anon_inode:[eventpoll]"): one to stat.
bool names_a_file(std::string_view link) {
  return link.find(":[") == std::string_view::npos && link.rfind("anon_inode:", 0) != 0;
}

}  // namespace

long long bytes_a_read_directory() {
  // A block of an indexed ext4 directory holds a name of 1 to 4 characters in 12 bytes, which
  // the kernel keeps in 64 bytes of slab (its hash, its place in a tree, the name): at most 5.3
  // times the block, which is never larger than a page (measured with 15,000 descriptors read
  // 64 bytes into: 17 KiB each in a directory of 3,906 names of 1 or 2 characters, 7.7 KiB in
  // /usr/lib/x86_64-linux-gnu); with the file's own record and its reader's state, 6 times.
  static const long long bytes = 6 * std::max(4096L, ::sysconf(_SC_PAGESIZE));
  return bytes;
}

long long descriptors_in(const std::string& process_dir) {
  long long count = 0;
  DIR* dir = ::opendir((process_dir + "/fd").c_str());
  if (!dir) dir = ::opendir((process_dir + "/fdinfo").c_str());  // not dumpable: see below
  if (!dir) return 0;
  while (const dirent* entry = ::readdir(dir))
    if (entry->d_name[0] != '.') ++count;
  ::closedir(dir);
  return count;
}

DescriptorBuffers descriptor_buffers_in(const std::string& process_dir,
                                        long long enough_registrations) {
  DescriptorBuffers found;
  const auto epoll = [&](const FdInfo& info) {
    found.epoll_registrations += info.registrations;
    found.longest_epoll_text = std::max(found.longest_epoll_text, info.bytes);
  };
  const auto left = [&] { return enough_registrations - found.epoll_registrations; };
  const std::string fds = process_dir + "/fd", infos = process_dir + "/fdinfo/";
  static const std::string kEpoll = "anon_inode:[eventpoll]";
  char target[256];
  if (DIR* dir = ::opendir(fds.c_str())) {
    // What each descriptor is, by its link: only epoll instances and files of /proc are read.
    while (const dirent* entry = ::readdir(dir)) {
      if (entry->d_name[0] == '.') continue;
      const std::string fd = fds + "/" + entry->d_name;
      const ssize_t n = ::readlink(fd.c_str(), target, sizeof target - 1);
      if (n <= 0) continue;
      const std::string_view link(target, static_cast<std::size_t>(n));
      struct statfs on {};
      struct stat what {};
      if (link == kEpoll) {
        if (left() > 0) epoll(read_fdinfo(infos + entry->d_name, left()));
      } else if (names_a_file(link) && ::stat(fd.c_str(), &what) == 0 && S_ISDIR(what.st_mode)) {
        found.directory_bytes += bytes_a_read_directory();
      } else if (link[0] == '/' && ::statfs(fd.c_str(), &on) == 0) {
        const Pseudo kind = pseudo_of_magic(static_cast<long>(on.f_type));
        const bool fdinfo = link.find("/fdinfo/") != std::string_view::npos;
        add(found, kind,
            kind == Pseudo::Proc && fdinfo ? read_fdinfo(infos + entry->d_name, 0) : FdInfo{},
            fdinfo);
      }
    }
    ::closedir(dir);
  } else if (DIR* dir = ::opendir(infos.c_str())) {
    // A process not dumpable: its descriptors' links are root's alone, their fdinfo open to
    // whoever may trace it (the owner of its user namespace among them): each one read, its
    // file system known by its mount, every file of /proc taken as one that may list an epoll.
    std::map<long long, Pseudo> mounts;
    bool mounts_read = false;
    while (const dirent* entry = ::readdir(dir)) {
      if (entry->d_name[0] == '.') continue;
      const FdInfo info = read_fdinfo(infos + entry->d_name, std::max(0LL, left()));
      if (info.registrations > 0) {
        epoll(info);
        continue;
      }
      if (!mounts_read) {
        for (const MountEntry& mount : mount_table(process_dir + "/mountinfo"))
          mounts[mount.id] = pseudo_of_type(mount.type);
        mounts_read = true;
      }
      const auto mount = mounts.find(info.mount_id);
      const Pseudo kind = mount == mounts.end() ? Pseudo::None : mount->second;
      add(found, kind, info, true);
      // Its kind unseen: a file of a real file system opened to read, and read, may be a
      // directory read in part.
      if (kind == Pseudo::None && info.flags >= 0 && (info.flags & O_ACCMODE) == O_RDONLY &&
          !(info.flags & O_PATH) && info.position > 0)
        found.directory_bytes += bytes_a_read_directory();
    }
    ::closedir(dir);
  }
  return found;
}

std::vector<MountEntry> mount_table(const std::string& mountinfo) {
  std::vector<MountEntry> mounts;
  const std::string table = read_proc_file(mountinfo);
  for (std::size_t at = 0; at < table.size();) {
    std::size_t end = table.find('\n', at);
    if (end == std::string::npos) end = table.size();
    // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [TAGS...] - TYPE SOURCE SUPER-OPTIONS
    std::size_t field = at;
    for (int skip = 0; skip < 4 && field < end; ++skip)
      field = std::min(table.find(' ', field), end) + 1;
    if (field >= end) break;
    const std::size_t stop = std::min(table.find(' ', field), end);
    MountEntry mount;
    mount.id = std::atoll(table.c_str() + at);
    for (std::size_t i = field; i < stop; ++i) {
      if (table[i] == '\\' && i + 3 < stop) {
        mount.point += static_cast<char>(std::strtol(table.substr(i + 1, 3).c_str(), nullptr, 8));
        i += 3;
      } else {
        mount.point += table[i];
      }
    }
    const std::size_t dash = table.find(" - ", stop);
    if (dash < end) {
      const std::size_t type = dash + 3;
      mount.type = table.substr(type, std::min(table.find(' ', type), end) - type);
    }
    mounts.push_back(std::move(mount));
    at = end + 1;
  }
  return mounts;
}

}  // namespace entrapment
