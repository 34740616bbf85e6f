use std::io;
use std::sync::Arc;

pub trait Handler: Send + Sync {
    fn handle(&self, request: &Request) -> io::Result<Response>;
}

pub struct Request {
    pub path: String,
    pub headers: Vec<(String, String)>,
}

pub struct Response {
    pub status: u16,
    pub body: Option<Box<[u8]>>,
}

pub struct Router {
    routes: Vec<(String, Arc<dyn Handler>)>,
    fallback: Box<dyn Fn(&Request) -> Response + Send + Sync>,
}

pub type HandlerRef = Arc<dyn Handler>;

impl Router {
    pub fn route<H>(&mut self, path: &str, handler: H) -> &mut Self
    where
        H: Handler + 'static,
    {
        self.routes.push((path.to_string(), Arc::new(handler)));
        self
    }

    pub fn dispatch(&self, request: &Request) -> Response {
        let found: Option<&HandlerRef> = self
            .routes
            .iter()
            .find(|(p, _)| *p == request.path)
            .map(|(_, h)| h);
        match found {
            Some(h) => h.handle(request).unwrap_or_else(|_| (self.fallback)(request)),
            None => (self.fallback)(request),
        }
    }
}

pub fn boxed(handler: impl Handler + 'static) -> Box<dyn Handler> {
    Box::new(handler)
}

static EMPTY: Response = Response { status: 204, body: None };

const NOT_FOUND: &Response = &Response { status: 404, body: None };
