//! Reading tool files ahead of their import. The engine loads one tool file after another and
//! hands the next ones here in batches; one task of tokio's blocking pool reads a batch in
//! order. A task per file cost the engine thread more than the reads saved: on this kind of
//! machine, waking (or starting) a pool thread for every file took 30 us or more of the engine
//! thread, and five threads were started for 50 files. An import whose file is still waiting
//! in the batch takes it back and has it read on its own, so a file slow to read never holds
//! up the files queued after it.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use deno_core::{ModuleSource, ModuleSpecifier};
use deno_error::JsErrorBox;
use tokio::sync::oneshot;

/// What reading one file gives.
pub(crate) type FileRead = Result<ModuleSource, JsErrorBox>;

/// Reads one file (on a blocking-pool thread).
pub(crate) type Reader = Arc<dyn Fn(&ModuleSpecifier) -> FileRead + Send + Sync>;

/// A file waiting to be read, and where its result goes.
struct Job {
    url: ModuleSpecifier,
    result: oneshot::Sender<FileRead>,
}

/// The files waiting, shared with the task reading them.
#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// A task is reading (it takes jobs until none is left).
    reading: bool,
}

/// Files being read ahead, owned by the engine thread.
pub(crate) struct ReadAhead {
    /// How a file is read.
    reader: Reader,
    queue: Arc<Mutex<Queue>>,
    /// The result each queued file's import will take, by URL.
    results: RefCell<HashMap<ModuleSpecifier, oneshot::Receiver<FileRead>>>,
    /// How many reading tasks were started.
    #[cfg(test)]
    tasks: std::cell::Cell<usize>,
}

impl ReadAhead {
    /// Reads ahead with `reader`.
    pub(crate) fn new(reader: Reader) -> ReadAhead {
        ReadAhead {
            reader,
            queue: Arc::default(),
            results: RefCell::default(),
            #[cfg(test)]
            tasks: Default::default(),
        }
    }

    /// Queues the `urls` not queued already to be read, starting a reading task unless one
    /// runs. Without a tokio runtime (nothing could read them) it does nothing.
    pub(crate) fn queue(&self, urls: impl IntoIterator<Item = ModuleSpecifier>) {
        let Ok(tokio) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let mut results = self.results.borrow_mut();
        let mut queue = self.queue.lock().unwrap();
        for url in urls {
            if results.contains_key(&url) {
                continue;
            }
            let (result, receiver) = oneshot::channel();
            results.insert(url.clone(), receiver);
            queue.jobs.push_back(Job { url, result });
        }
        if queue.reading || queue.jobs.is_empty() {
            return;
        }
        queue.reading = true;
        #[cfg(test)]
        self.tasks.set(self.tasks.get() + 1);
        let (shared, reader) = (self.queue.clone(), self.reader.clone());
        tokio.spawn_blocking(move || read_queued(&shared, &reader));
    }

    /// What was read ahead for `url`, to be awaited; `None` if it was not queued, or if it
    /// was still waiting its turn (it is taken out of the queue: the caller reads it).
    pub(crate) fn take(&self, url: &ModuleSpecifier) -> Option<oneshot::Receiver<FileRead>> {
        let receiver = self.results.borrow_mut().remove(url)?;
        let mut queue = self.queue.lock().unwrap();
        if let Some(index) = queue.jobs.iter().position(|job| &job.url == url) {
            queue.jobs.remove(index);
            return None;
        }
        Some(receiver)
    }

    /// A task is reading, or files wait for one.
    #[cfg(test)]
    pub(crate) fn busy(&self) -> bool {
        let queue = self.queue.lock().unwrap();
        queue.reading || !queue.jobs.is_empty()
    }

    /// How many files are queued or read and not yet taken.
    #[cfg(test)]
    pub(crate) fn pending(&self) -> usize {
        self.results.borrow().len()
    }
}

/// The reading task: reads the queued files in order until none is left.
fn read_queued(queue: &Mutex<Queue>, reader: &Reader) {
    loop {
        let job = {
            let mut queue = queue.lock().unwrap();
            match queue.jobs.pop_front() {
                Some(job) => job,
                None => {
                    queue.reading = false;
                    return;
                }
            }
        };
        // The import may have stopped waiting (its load timed out): nothing to do then.
        let _ = job.result.send(reader(&job.url));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn url(name: &str) -> ModuleSpecifier {
        ModuleSpecifier::parse(&format!("file:///tools/{name}.js")).unwrap()
    }

    /// The error the test readers answer each file with.
    #[derive(Debug, thiserror::Error, deno_error::JsError)]
    #[class(generic)]
    #[error("read {0}")]
    struct ReadError(ModuleSpecifier);

    /// A reader that answers each file with an error naming it, counting reads.
    fn counting_reader(reads: Arc<AtomicUsize>) -> Reader {
        Arc::new(move |url: &ModuleSpecifier| {
            reads.fetch_add(1, Ordering::SeqCst);
            Err(JsErrorBox::from_err(ReadError(url.clone())))
        })
    }

    fn message(read: FileRead) -> String {
        match read {
            Err(e) => e.to_string(),
            Ok(_) => panic!("the test reader answers errors"),
        }
    }

    #[tokio::test]
    async fn a_batch_is_read_in_order_by_one_task_and_each_file_taken_once() {
        let reads = Arc::new(AtomicUsize::new(0));
        let reader = counting_reader(reads.clone());
        let ahead = ReadAhead::new(reader);
        let urls: Vec<_> = (0..5).map(|i| url(&format!("tool_{i}"))).collect();
        ahead.queue(urls.clone());
        // Queued again (a later top-up overlapping this batch): read once all the same.
        ahead.queue(urls.clone());
        let all_read = async {
            while reads.load(Ordering::SeqCst) < urls.len() {
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(30), all_read)
            .await
            .expect("the batch is read");
        for u in &urls {
            let receiver = ahead.take(u).expect("read ahead");
            assert_eq!(message(receiver.await.unwrap()), format!("read {u}"));
            assert!(ahead.take(u).is_none(), "taken once");
        }
        assert_eq!(reads.load(Ordering::SeqCst), 5);
        assert_eq!(ahead.tasks.get(), 1, "one task read the batch");
    }

    #[tokio::test]
    async fn a_file_still_waiting_behind_a_slow_read_is_taken_back() {
        let (started, started_rx) = std::sync::mpsc::channel::<()>();
        let (release, release_rx) = std::sync::mpsc::channel::<()>();
        let release_rx = Mutex::new(release_rx);
        let started = Mutex::new(started);
        // The first file's read blocks until the test releases it.
        let reader: Reader = Arc::new(move |url: &ModuleSpecifier| {
            if url.path().ends_with("slow.js") {
                started.lock().unwrap().send(()).unwrap();
                release_rx.lock().unwrap().recv().unwrap();
            }
            Err(JsErrorBox::from_err(ReadError(url.clone())))
        });
        let ahead = ReadAhead::new(reader);
        ahead.queue([url("slow"), url("next")]);
        tokio::task::spawn_blocking(move || started_rx.recv().unwrap()).await.unwrap();
        assert!(
            ahead.take(&url("next")).is_none(),
            "still queued behind the slow read: the import reads it itself"
        );
        assert_eq!(ahead.pending(), 1, "only the slow file is left");
        release.send(()).unwrap();
        let slow = ahead.take(&url("slow")).expect("being read");
        assert_eq!(message(slow.await.unwrap()), format!("read {}", url("slow")));
    }
}
