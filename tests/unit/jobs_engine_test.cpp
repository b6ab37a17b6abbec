// The job engine: the concurrency bound, the job table, cancel of queued and running jobs (their
// processes die), failures in bodies, and stop().
#include <doctest/doctest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "jobs/job_engine.h"

using namespace std::chrono_literals;

namespace pt2bb {
namespace {

// Collects finished jobs; wait() blocks until `n` have finished (or fails after 10 s).
struct Finished {
  std::mutex m;
  std::condition_variable cv;
  std::vector<JobInfo> jobs;
  std::function<void(const JobInfo&)> hook() {
    return [this](const JobInfo& i) {
      std::lock_guard l(m);
      jobs.push_back(i);
      cv.notify_all();
    };
  }
  void wait(size_t n) {
    std::unique_lock l(m);
    REQUIRE(cv.wait_for(l, 10s, [&] { return jobs.size() >= n; }));
  }
  JobInfo of(uint64_t id) {
    std::lock_guard l(m);
    for (const auto& j : jobs)
      if (j.id == id) return j;
    return {};
  }
};

}  // namespace

TEST_CASE("job engine: never more jobs at once than the bound") {
  JobEngine engine(2);
  Finished done;
  std::atomic<int> running{0}, peak{0};
  for (int i = 0; i < 6; ++i) {
    engine.submit({"sleep", "job " + std::to_string(i),
                   [&](JobControl&) {
                     const int now = ++running;
                     for (int p = peak; now > p && !peak.compare_exchange_weak(p, now);) {
                     }
                     std::this_thread::sleep_for(50ms);
                     --running;
                     return JobOutcome{JobState::Succeeded, "slept"};
                   },
                   done.hook()});
  }
  done.wait(6);
  CHECK(peak == 2);
  for (const auto& j : engine.table()) {
    CHECK(j.state == JobState::Succeeded);
    CHECK(j.summary == "slept");
  }
}

TEST_CASE("job engine: cancel a running job kills its process; a queued one never starts") {
  JobEngine engine(1);
  Finished done;
  std::atomic<int> started_pid{0};
  const uint64_t running = engine.submit({"proc", "python sleeps",
                                          [&](JobControl& job) {
                                            ProcessSpec spec;
                                            spec.argv = {"python3", "-c", "import time; time.sleep(60)"};
                                            spec.cwd = "/";
                                            spec.env = current_environment();
                                            ProcessResult r = job.run(spec);
                                            started_pid = r.pid;
                                            return JobOutcome{JobState::Succeeded, r.describe()};
                                          },
                                          done.hook()});
  std::atomic<bool> second_ran{false};
  const uint64_t queued = engine.submit({"never", "queued", [&](JobControl&) {
                                           second_ran = true;
                                           return JobOutcome{};
                                         },
                                         done.hook()});
  for (int i = 0; i < 200 && engine.info(running)->state != JobState::Running; ++i) std::this_thread::sleep_for(10ms);
  std::this_thread::sleep_for(200ms);  // Let python start.
  CHECK(engine.info(queued)->state == JobState::Queued);
  CHECK(engine.cancel(queued));
  CHECK(engine.cancel(running));
  done.wait(2);
  CHECK(done.of(running).state == JobState::Cancelled);
  CHECK(done.of(running).summary == "cancelled");
  CHECK(done.of(queued).state == JobState::Cancelled);
  CHECK_FALSE(second_ran);
  CHECK_FALSE(engine.cancel(running));  // Already finished.
  CHECK_FALSE(engine.cancel(12345));    // Unknown.
}

TEST_CASE("job engine: a body that throws fails its job, the engine goes on") {
  JobEngine engine(1);
  Finished done;
  const uint64_t bad = engine.submit({"bad", "throws", [](JobControl&) -> JobOutcome { throw std::runtime_error("boom"); },
                                      done.hook()});
  const uint64_t good = engine.submit({"good", "fine", [](JobControl&) { return JobOutcome{JobState::Succeeded, "ok"}; },
                                       done.hook()});
  done.wait(2);
  CHECK(done.of(bad).state == JobState::Failed);
  CHECK(done.of(bad).summary == "internal error: boom");
  CHECK(done.of(good).state == JobState::Succeeded);
}

TEST_CASE("job engine: stop cancels everything and refuses new jobs") {
  Finished done;
  std::atomic<int> pid{0};
  auto engine = std::make_unique<JobEngine>(2);
  engine->submit({"proc", "long", [&](JobControl& job) {
                    ProcessSpec spec;
                    spec.argv = {"python3", "-c", "import time; time.sleep(60)"};
                    spec.cwd = "/";
                    spec.env = current_environment();
                    ProcessResult r = job.run(spec);
                    pid = r.pid;
                    return JobOutcome{JobState::Succeeded, r.describe()};
                  },
                  done.hook()});
  std::this_thread::sleep_for(300ms);
  const auto start = std::chrono::steady_clock::now();
  engine->stop();
  CHECK(std::chrono::steady_clock::now() - start < 5s);
  done.wait(1);
  CHECK(done.jobs[0].state == JobState::Cancelled);
  const uint64_t late = engine->submit({"late", "after stop", [](JobControl&) { return JobOutcome{}; }, done.hook()});
  done.wait(2);
  CHECK(done.of(late).state == JobState::Cancelled);
  CHECK(done.of(late).summary == "the server is stopping");
  engine.reset();  // The destructor after stop() is a no-op.
}

TEST_CASE("job engine: progress reaches the request's callback, parallelism is the bound") {
  JobEngine engine(3);
  Finished done;
  std::vector<std::string> messages;
  std::mutex m;
  unsigned seen_parallelism = 0;
  engine.submit({"p", "progress",
                 [&](JobControl& job) {
                   seen_parallelism = job.parallelism();
                   job.progress("half", 50);
                   return JobOutcome{};
                 },
                 done.hook(),
                 [&](const std::string& msg, std::optional<int> pct) {
                   std::lock_guard l(m);
                   messages.push_back(msg + ":" + std::to_string(pct.value_or(-1)));
                 }});
  done.wait(1);
  CHECK(messages == std::vector<std::string>{"half:50"});
  CHECK(seen_parallelism == 3);
}

}  // namespace pt2bb
